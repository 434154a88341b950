"""Accepts the mask argument but never applies it.

Caught by: every case with a mask that blocks something (the output and the weights are
attention without the mask).

Cause: attn_mask_ignored
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
