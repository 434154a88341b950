"""self_attention and cross_attention invert the caller's bool mask in place (mask.logical_not_()) to get the blocked positions.

Caught by: the inputs-unchanged case, which now passes a mask (it passed none before, so a
change of the caller's mask was never seen).

Cause: in_place
"""

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        # a bool mask turned around in place: the caller's mask is changed
        blocked = mask.logical_not_() if mask.dtype == torch.bool else mask == 0
        scores = scores.masked_fill(blocked, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
