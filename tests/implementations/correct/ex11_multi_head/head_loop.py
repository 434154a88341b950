"""Explicit loops over the heads: column slices in, torch.stack / torch.cat out, one single-head attention per head.
"""

import math

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h:
        raise ValueError("h must divide d_model")
    d_head = d_model // h
    return torch.stack([X[..., i * d_head:(i + 1) * d_head] for i in range(h)], dim=-3)


def merge_heads(X):
    return torch.cat([X[..., i, :, :] for i in range(X.size(-3))], dim=-1)


def _one_head(q, k, v, mask):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, weights


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    d_model = X_q.size(-1)
    if d_model % h:
        raise ValueError("h must divide d_model")
    d = d_model // h
    Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
    outs, all_weights = [], []
    for i in range(h):
        cols = slice(i * d, (i + 1) * d)
        out, weights = _one_head(Q[..., cols], K[..., cols], V[..., cols], mask)
        outs.append(out)
        all_weights.append(weights)
    return torch.cat(outs, dim=-1) @ W_O, torch.stack(all_weights, dim=-3)
