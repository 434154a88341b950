"""Reads n from X.size(-1) (d_model) instead of X.size(-2).

Exposed by: d_model != n: mask shape mismatch.

Cause: ex10_n_from_width
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-1)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
