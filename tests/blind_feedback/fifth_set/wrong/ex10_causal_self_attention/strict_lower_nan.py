"""MISTAKE: Uses torch.tril(..., diagonal=-1), which blocks the diagonal too: a token may not attend to itself, the first row is fully blocked and its softmax is NaN, and the other rows miss their own token.
FIX: Keep the diagonal (the default diagonal=0), so position i attends to 0..i.
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
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
