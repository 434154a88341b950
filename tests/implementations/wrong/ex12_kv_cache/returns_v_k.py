"""attention_step returns the cache as (V, K) instead of (K, V).

Caught by: the cases that check the returned cache (d_k != d_v: the shapes swap) and
generate_outputs, whose second step concatenates values with keys and fails.

Cause: ex12_v_k_order
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
    return weights @ V, (V, K)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
