"""multi_head_attention splits the projections itself with `view(*batch, -1, h, d_head)` (public code's `view(B, -1, h, d_head)`) and never transposes.

The heads stay after the positions, [..., n, h, d_head], so each position's h heads attend
to one another (scores [..., n, h, h]) instead of each head over the positions; the output
is merged back with a plain reshape. split_heads and merge_heads themselves are right.

Caught by: self-attention with a batch (the output and the weights are what this split
gives); with n_q != n_k the scores cannot even be formed.

Cause: ex11_attention_across_heads
"""
import math

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*X.shape[:-1], h, d_model // h).transpose(-3, -2)


def merge_heads(X):
    h, n, d_head = X.shape[-3:]
    return X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    batch, d_model = X_q.shape[:-2], X_q.size(-1)
    d_head = d_model // h
    Q = (X_q @ W_Q).view(*batch, -1, h, d_head)
    K = (X_kv @ W_K).view(*batch, -1, h, d_head)
    V = (X_kv @ W_V).view(*batch, -1, h, d_head)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = (weights @ V).reshape(*X_q.shape[:-1], d_model)
    return out @ W_O, weights
