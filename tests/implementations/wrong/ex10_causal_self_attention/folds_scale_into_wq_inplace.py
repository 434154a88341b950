"""Folds the scale into W_Q in place (W_Q.div_(sqrt(d_k))).

Exposed by: Inputs-unchanged check: the caller's W_Q is modified (and a second call double-scales).

Cause: in_place_input
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    W_Q.div_(math.sqrt(W_Q.size(-1)))
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1)
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
