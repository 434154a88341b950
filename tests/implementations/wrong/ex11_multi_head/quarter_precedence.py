"""Scales Q and K each by `d_head ** 1/float(4)`, meant as the fourth root: ** binds tighter than /, so it is (d_head ** 1) / 4.

Public code writes it so (`q = q / (d ** 1/float(4))`, the same for k): the scores are then
divided by (d_head / 4) ** 2 instead of √d_head.

Caught by: every attention case (the weights are too sharp or too flat).

Cause: scale_quarter_not_root
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
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    d_head = Q.size(-1)
    Q = Q / (d_head ** 1/float(4))
    K = K / (d_head ** 1/float(4))
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
