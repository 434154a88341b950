"""MISTAKE: self_attention projects V with W_K (copy-paste slip) instead of W_V
FIX: V = X @ W_V.

Cause: ex02_wrong_weight
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    """Self-attention: Q, K and V are all projected from the same sequence X."""
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_K
    return _attention(Q, K, V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    """Cross-attention: queries from the decoder, keys and values from the encoder."""
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, mask)
