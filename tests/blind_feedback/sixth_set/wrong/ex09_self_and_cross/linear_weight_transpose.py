"""MISTAKE: the projections use the nn.Linear convention X @ W.T (as when porting from weight matrices stored [out, in]), which raises for non-square weights and silently gives wrong Q, K, V when d_model == d_k.
FIX: Use the row convention of this kit: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
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

def _project(X, W):
    return X @ W.T


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(_project(X, W_Q), _project(X, W_K), _project(X, W_V), mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(_project(X_dec, W_Q), _project(X_enc, W_K), _project(X_enc, W_V), mask)
