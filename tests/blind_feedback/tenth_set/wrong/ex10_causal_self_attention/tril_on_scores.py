"""MISTAKE: The scores themselves are passed through torch.tril, which sets the future scores to 0 rather than -inf, so after the softmax every future position still gets weight exp(0)/sum and the output leaks the future.
FIX: Build a bool tril mask and use scores.masked_fill(mask == 0, float("-inf")).
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = torch.tril(scores)  # keep only the past
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
