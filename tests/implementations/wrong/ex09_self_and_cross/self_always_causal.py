"""self_attention always masks the future, as if every self-attention were a decoder's.

Caught by: self_attention without a mask (early positions lose the later ones).

Cause: ex09_causal_in_self
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
    n = X.size(-2)
    future_hidden = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    if mask is not None:
        future_hidden = future_hidden & (mask != 0)
    return _attention(X @ W_Q, X @ W_K, X @ W_V, future_hidden)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
