"""split_heads returns X.chunk(h, dim=-1), the h heads as a tuple of [..., n, d_head]
tensors, instead of one [..., h, n, d_head] tensor; multi_head_attention stacks them
itself, so it is right.

Caught by: every split_heads case (a tuple is not a tensor).

Cause: result_tuple
"""
import math

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if h < 1 or d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    return X.chunk(h, dim=-1)


def merge_heads(X):
    h, n, d_head = X.shape[-3:]
    return X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q = torch.stack(split_heads(X_q @ W_Q, h), dim=-3)
    K = torch.stack(split_heads(X_kv @ W_K, h), dim=-3)
    V = torch.stack(split_heads(X_kv @ W_V, h), dim=-3)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
