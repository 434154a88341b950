"""MISTAKE: the mask is built with torch.tril(..., diagonal=1), which also allows the entry just above the diagonal, so every position sees the next token (the one it should predict) and its output depends on the future.
FIX: Use torch.tril with diagonal=0 (the default).
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
    n = X.size(-2)
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(K.size(-1))
    allowed = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = scores.masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
