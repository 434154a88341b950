"""MISTAKE: merge_heads reshapes [..., h, n, d_head] straight to [..., n, h * d_head] without first moving the heads after the positions, which has the right shape but cuts the memory in the wrong places and mixes rows of different positions.
FIX: transpose(-3, -2) first, then reshape to [..., n, h * d_head].
"""

from __future__ import annotations

import math

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    return X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2)

def merge_heads(X):
    *lead, h, n, d_head = X.shape
    return X.reshape(*lead, n, h * d_head)


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
