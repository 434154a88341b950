"""The cache grows along the features (torch.cat(..., dim=-1)) instead of the positions.

Caught by: every step with a cache.

Cause: ex12_cat_features
"""
import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        k = torch.cat([cache[0], k], dim=-1)
        v = torch.cat([cache[1], v], dim=-1)
    weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ v, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
