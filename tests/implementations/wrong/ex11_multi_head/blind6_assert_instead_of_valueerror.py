"""split_heads checks divisibility with an assert, so a bad h raises AssertionError instead of the required ValueError (and nothing at all under python -O, where the reshape then fails with a RuntimeError).

FIX: Raise ValueError explicitly when d_model % h != 0.

Caught by: blind set 6.

Cause: assert_not_value_error
"""

from __future__ import annotations

import math

import torch

def split_heads(X, h):
    d_model = X.size(-1)
    assert d_model % h == 0, "d_model must be divisible by h"
    d_head = d_model // h
    return X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2)


def merge_heads(X):
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-2], X.size(-2) * X.size(-1))


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    d_head = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights
