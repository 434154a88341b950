"""Builds the mask with triu instead of tril, so each position sees itself and the future only.

Caught by: the no-future-leak check and any case with n > 1.

Cause: ex10_triu
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
