"""split_heads reshapes [..., n, d_model] straight to [..., h, n, d_head], cutting the flat memory across rows.

Caught by: the split_heads layout cases (right shape, rows mixed up) and every multi-head
case with h > 1; the round trip passes only if merge_heads makes the same mistake.

Cause: ex11_split_without_transpose
"""

import math

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*X.shape[:-2], h, X.size(-2), d_model // h)


def merge_heads(X):
    h, n, d_head = X.shape[-3:]
    return X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head)


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
    return merge_heads(weights @ V) @ W_O, weights
