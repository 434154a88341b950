"""MISTAKE: the mask is turned into an additive bias with torch.log(mask) (log 1 = 0, log 0 = -inf), so the mask dtype leaks into the scores: a float64 0/1 mask promotes float32 inputs to float64 and the call then fails at weights @ V (or returns the wrong dtype).
FIX: Block with scores.masked_fill(mask == 0, float("-inf")) so the scores keep their dtype.
"""

from __future__ import annotations

import math

import torch

def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores + torch.log(mask)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
