"""MISTAKE: Takes the softmax over all keys and then zeroes the future weights and renormalises; mathematically the same, but when a future score dominates, the allowed weights underflow to 0 and the row becomes 0/0 = NaN.
FIX: Mask the scores with -inf before the softmax, so the softmax's own max-shift only sees allowed positions.
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=X.dtype, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1) * mask
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V, weights
