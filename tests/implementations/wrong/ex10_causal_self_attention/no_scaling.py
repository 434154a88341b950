"""Masks correctly but forgets to divide the scores by sqrt(d_k).

Caught by: any case with d_k > 1 and n > 1 (the weights are too sharp).

Cause: attn_no_scale
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1)
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
