"""Builds the mask with tril(-1), blocking the diagonal: a position cannot attend to itself and row 0 is all blocked.

Caught by: any case (row 0 has no allowed position and comes out NaN; the other rows are wrong).

Cause: ex10_no_diagonal
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
