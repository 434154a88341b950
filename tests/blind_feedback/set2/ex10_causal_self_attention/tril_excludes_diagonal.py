"""MISTAKE: The causal mask is built with torch.tril(..., diagonal=-1), which also blocks the diagonal, so each token cannot see itself and the first row is all -inf (NaN weights).
FIX: Use torch.tril with the default diagonal=0 so j <= i is allowed.

Cause: ex10_no_diagonal
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
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
