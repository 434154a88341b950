"""the keys and values are projected from X_q (self-attention code where one input feeds all three projections), so X_kv is ignored and cross-attention raises when n_k != n_q or reads the wrong sequence when the lengths match.

FIX: Project K and V from X_kv: K = X_kv @ W_K, V = X_kv @ W_V.

Caught by: blind set 6.

Cause: ex11_kv_from_queries
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
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-2], X.size(-2) * X.size(-1))

def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    x = X_q
    Q = split_heads(x @ W_Q, h)
    K = split_heads(x @ W_K, h)
    V = split_heads(x @ W_V, h)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
