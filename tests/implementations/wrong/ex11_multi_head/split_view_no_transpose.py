"""split_heads views X as (-1, h, n, d_head), as public code's `x.view(B, h, T, d_head)` slip does, and never transposes.

The h blocks then cut across the rows (positions) instead of splitting each row's columns,
and the -1 gathers every leading dimension into one: an unbatched [5, 12] becomes
[1, 4, 5, 3].

Caught by: the split_heads layout case (shape [1, 4, 5, 3] instead of [4, 5, 3], the very
values X.reshape(-1, h, n, d_head) gives), and every attention case after it.

Cause: ex11_split_view_flat
"""
import math

import torch


def split_heads(X, h):
    n, d_model = X.size(-2), X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.view(-1, h, n, d_model // h)


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
