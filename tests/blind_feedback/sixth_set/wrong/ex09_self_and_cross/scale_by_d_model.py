"""MISTAKE: the scores are scaled by sqrt(X.size(-1)), the model width d_model, instead of the key width d_k of the projected vectors, so the weights are wrong whenever d_k != d_model.
FIX: Divide by math.sqrt(Q.size(-1)) (d_k, the width of the vectors actually multiplied).
"""

from __future__ import annotations

import math

import torch

def _attention(Q, K, V, d, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, X.size(-1), mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, X_dec.size(-1), mask)
