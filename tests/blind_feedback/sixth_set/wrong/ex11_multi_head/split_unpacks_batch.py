"""MISTAKE: split_heads unpacks B, T, C = X.size() and views to (B, T, h, d_head) as in minGPT, assuming exactly one batch dimension, so unbatched [n, d_model] input or two batch dims raise.
FIX: Keep all leading dims: X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2).
"""

from __future__ import annotations

import math

import torch

def split_heads(X, h):
    B, T, C = X.size()
    if C % h != 0:
        raise ValueError(f"h={h} does not divide d_model={C}")
    return X.view(B, T, h, C // h).transpose(1, 2)


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
