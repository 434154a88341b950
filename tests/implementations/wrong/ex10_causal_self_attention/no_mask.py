"""Never builds the causal mask, so every position sees the future.

Caught by: the no-future-leak check (changing a later token changes earlier outputs) and
the upper triangle of the weights, which is not 0.

Cause: ex10_no_mask
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
