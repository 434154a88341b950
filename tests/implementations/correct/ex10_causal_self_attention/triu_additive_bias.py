"""Adds an upper-triangular -inf bias (torch.triu(full(-inf), 1)) in X's dtype instead of a bool mask.
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    bias = torch.triu(torch.full((n, n), float("-inf"), dtype=X.dtype, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1)) + bias
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
