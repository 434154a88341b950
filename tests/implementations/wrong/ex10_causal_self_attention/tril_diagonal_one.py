"""The causal mask is tril(..., diagonal=1): each position also sees the next one.

Caught by: every case (one future position leaks into each row).

Cause: causal_plus_one
"""
import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    allowed = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    weights = torch.softmax(scores.masked_fill(~allowed, float("-inf")), dim=-1)
    return weights @ V, weights
