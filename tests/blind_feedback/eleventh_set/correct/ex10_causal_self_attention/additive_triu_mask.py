"""CORRECT: adds an additive mask, a matrix of -inf in the scores' own dtype and on X's device with torch.triu(..., 1) zeroing the allowed part, instead of masked_fill with a bool mask."""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    future = torch.full((n, n), float("-inf"), dtype=scores.dtype, device=X.device).triu(1)
    weights = torch.softmax(scores + future, dim=-1)
    return weights @ V, weights
