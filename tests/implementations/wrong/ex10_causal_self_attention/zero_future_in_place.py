"""Zeroes the future weights again, in place, after the softmax: the values are right, but
the softmax's output, which autograd needs, was overwritten, so the gradient raises.

Caught by: the gradient case.

Cause: in_place_autograd
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    allowed = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()
    scores = (Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))).masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights.masked_fill_(~allowed, 0.0)
    return weights @ V, weights
