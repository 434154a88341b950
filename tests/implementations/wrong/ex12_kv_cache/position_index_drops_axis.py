"""generate_outputs takes each token with X[..., t, :], which drops the position axis: the
step gets x_t of shape [..., d_model] instead of [..., 1, d_model].

Caught by: generate_outputs (the step's product or the cache's join fails on the lost axis).

Cause: ex12_position_dropped
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    weights = torch.softmax(q @ K.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
