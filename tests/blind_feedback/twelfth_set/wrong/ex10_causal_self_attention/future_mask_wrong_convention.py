"""MISTAKE: Builds the "future" mask triu(diagonal=1) (True = blocked, as in additive-mask code) but then fills where mask == 0 as in the lesson, so it blocks the past and the diagonal and keeps only the future; the last row is fully blocked (NaN).
FIX: Either build tril (True = may attend) and fill where it is 0, or keep triu(1) and fill where it is True.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    # mask out the future: everything above the diagonal
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
