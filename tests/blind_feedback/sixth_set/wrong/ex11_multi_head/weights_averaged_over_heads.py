"""MISTAKE: like nn.MultiheadAttention with average_attn_weights=True, the returned weights are averaged over the heads, so they have shape [..., n_q, n_k] instead of the per-head [..., h, n_q, n_k].
FIX: Return the per-head weights tensor unchanged.
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
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights.mean(dim=-3)
