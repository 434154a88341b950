"""MISTAKE: none (correct). Instead of a bool mask and masked_fill, it adds an additive bias built in X's own dtype and device: a matrix full of -inf whose triu(1) keeps -inf strictly above the diagonal and 0 elsewhere; the softmax is written by hand with the max-shift.
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
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    bias = torch.full((n, n), float("-inf"), dtype=X.dtype, device=X.device).triu(1)
    scores = torch.matmul(Q, K.transpose(-1, -2)) / math.sqrt(W_Q.shape[-1]) + bias
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    e = shifted.exp()
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
