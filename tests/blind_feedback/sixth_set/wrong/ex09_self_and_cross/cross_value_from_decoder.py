"""MISTAKE: cross_attention (copied from self_attention) still projects the values from X_dec, so it raises when n_dec != n_enc and silently blends decoder values when the lengths match.
FIX: Project the values from the encoder: V = X_enc @ W_V.
"""

from __future__ import annotations

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
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_dec @ W_V
    return _attention(Q, K, V, mask)
