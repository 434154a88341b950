"""Forbidden: torch.nn.functional.scaled_dot_product_attention reached via getattr.

Exposed by: Forbidden-call check; values are right.

Cause: forbidden_call
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    attn_mask = None
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
        attn_mask = torch.broadcast_to(mask != 0, scores.shape)
    weights = torch.softmax(scores, dim=-1)
    fast = getattr(torch.nn.functional, "scaled_dot" + "_product_attention")
    return fast(Q, K, V, attn_mask=attn_mask), weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
