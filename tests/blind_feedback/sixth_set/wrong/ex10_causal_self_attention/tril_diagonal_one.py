"""MISTAKE: the mask is built with torch.tril(..., diagonal=1), which also allows the first superdiagonal, so every position can peek at the next token and the weights are not lower-triangular.
FIX: Use torch.tril with the default diagonal=0.
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    allowed = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
