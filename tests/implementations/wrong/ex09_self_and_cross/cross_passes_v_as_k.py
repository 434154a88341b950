"""cross_attention hands the helper its arguments in the wrong order, (Q, V, K): V is scored as the keys.

Caught by: d_v != d_k (the scores' product fails at `Q @ K.transpose(-2, -1)`, a line that
is right in itself: only the widths are told, no operand is blamed).

Cause: widths_differ
"""

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q, K, V = X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V
    return _attention(Q, V, K, mask)
