"""CORRECT: The causal mask is an additive float tensor full(-inf).triu(1) in X's dtype and device, added to the scores, with einsum for the products.
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
    Q = torch.einsum("...nd,dk->...nk", X, W_Q)
    K = torch.einsum("...nd,dk->...nk", X, W_K)
    V = torch.einsum("...nd,dv->...nv", X, W_V)
    n = X.shape[-2]
    bias = torch.full((n, n), float("-inf"), dtype=X.dtype, device=X.device).triu(1)
    scores = torch.einsum("...id,...jd->...ij", Q, K) / math.sqrt(Q.shape[-1]) + bias
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("...ij,...jv->...iv", weights, V), weights
