"""MISTAKE: the scores multiplied by math.sqrt(d_k) instead of divided by it (blind set 23, ex10 w06)
FIX: scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k).

Caught by: every value case.

Cause: scale_times_root
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
    """Masked self-attention: each position attends only to itself and the past."""
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    n = X.size(-2)
    d_k = Q.size(-1)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) * math.sqrt(d_k)
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
