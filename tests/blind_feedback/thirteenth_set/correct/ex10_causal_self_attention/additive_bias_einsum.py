"""MISTAKE: none (correct). The future is blocked with an additive bias tensor made in X's own dtype and device (0 on and below the diagonal, -inf above), built from triu(diagonal=1), and the products are written with einsum.
FIX: none
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    n = X.shape[-2]
    future = torch.ones(n, n, dtype=torch.bool, device=X.device).triu(diagonal=1)
    bias = torch.zeros(n, n, dtype=X.dtype, device=X.device).masked_fill(future, float("-inf"))
    Q = torch.einsum("...nm,mk->...nk", X, W_Q)
    K = torch.einsum("...nm,mk->...nk", X, W_K)
    V = torch.einsum("...nm,mv->...nv", X, W_V)
    scores = torch.einsum("...qk,...jk->...qj", Q, K) / math.sqrt(Q.shape[-1])
    weights = torch.softmax(scores + bias, dim=-1)
    return torch.einsum("...qj,...jv->...qv", weights, V), weights
