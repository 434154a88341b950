"""Multiplies the scores by the 0/1 causal mask, so future scores become 0 instead of -inf and still get weight.

Caught by: the no-future-leak check and the upper triangle of the weights, which is not 0.

Cause: attn_zero_fill
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=X.dtype, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores * mask
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
