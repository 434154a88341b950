"""Correct: No shared helper: inline code, masked_fill(~mask.bool()), logsumexp softmax.

Meant to satisfy the whole contract of ex09_self_and_cross.
"""

from __future__ import annotations

import math

import torch


def self_attention(X, W_Q, W_K, W_V, mask=None):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    s = Q @ K.transpose(-1, -2) / math.sqrt(W_Q.size(-1))
    if mask is not None:
        s = s.masked_fill(~mask.bool(), float("-inf"))
    w = torch.exp(s - torch.logsumexp(s, dim=-1, keepdim=True))
    return w @ V, w


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    s = Q @ K.transpose(-1, -2) / math.sqrt(W_K.size(-1))
    if mask is not None:
        s = s.masked_fill(~mask.bool(), float("-inf"))
    w = torch.exp(s - torch.logsumexp(s, dim=-1, keepdim=True))
    return w @ V, w
