"""Adds torch.log(mask) to the scores without casting the mask.

Exposed by: float64 0/1 mask on float32 inputs: output dtype becomes float64.

Cause: log_mask_line
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores + torch.log(mask)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
