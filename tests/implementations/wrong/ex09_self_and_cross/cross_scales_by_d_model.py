"""cross_attention scales by sqrt(d_model), the input width, instead of sqrt(d_k).

Caught by: d_model != d_k.

Cause: attn_scale_d_model
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(X_dec.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
