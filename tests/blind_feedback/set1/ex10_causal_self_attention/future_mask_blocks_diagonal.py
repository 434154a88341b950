"""MISTAKE: builds the "future" mask with torch.triu but forgets diagonal=1, so each position is also blocked from attending to itself.
FIX: `torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)` as the blocked set (or tril as the allowed set).

Every n shows it: position 0 has nothing left to attend to and its row becomes NaN; the
other rows miss their own token.

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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-2)
    future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(future, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
