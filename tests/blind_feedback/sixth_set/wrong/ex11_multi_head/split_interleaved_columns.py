"""MISTAKE: split_heads reshapes the last dim as [d_head, h] (einops "(d h)" order) instead of [h, d_head], so head i gets the strided columns i, i+h, i+2h, ... instead of one contiguous block and merge_heads(split_heads(X)) is no longer X.
FIX: Reshape to [..., n, h, d_head] (heads outermost) and then move h in front of n.
"""

from __future__ import annotations

import math

import torch

def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    return X.reshape(*X.shape[:-1], d_head, h).movedim(-1, -3)


def merge_heads(X):
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-2], X.size(-2) * X.size(-1))


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
