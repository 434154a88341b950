"""Adds the mask as (mask - 1) * 1e9 made in float32: float16 scores become float32.

Caught by: the float16 case with a mask.

Cause: cast_met
"""
import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores + (mask.float() - 1) * 1e9
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
