"""The cache grows with torch.cat(..., 0): the time axis only while there is no batch.

Caught by: the steps with leading batch dimensions (cat joins the batches).

Cause: ex12_cat_dim0
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        k = torch.cat((cache[0], k), 0)
        v = torch.cat((cache[1], v), 0)
    weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ v, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
