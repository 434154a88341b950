"""MISTAKE: Multiplies the scores by the 0/1 mask and then treats every score equal to 0 as blocked, so an allowed score that is exactly 0 (for instance from an all-zero token) is wrongly set to -inf.
FIX: Decide blocking from the mask, not from the score values: scores.masked_fill(mask == 0, float('-inf')).
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
    scores = scores * mask
    scores = scores.masked_fill(scores == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
