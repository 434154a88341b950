"""MISTAKE: the helper writes its products as einsum("bqd,bkd->bqk") with a single fixed batch letter, so it only works for exactly one batch dimension and raises for unbatched [n, d_model] input or two batch dimensions.
FIX: Use an ellipsis ("...qd,...kd->...qk") or Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import math

import torch

def _attention(Q, K, V, mask=None):
    scores = torch.einsum("bqd,bkd->bqk", Q, K) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("bqk,bkv->bqv", weights, V), weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
