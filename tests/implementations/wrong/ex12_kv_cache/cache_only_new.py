"""attention_step returns only the new token's (k, v) as the cache instead of the grown
cache, so each token sees only itself and the token before it.

Caught by: a step with a cache (the returned K and V have one position, not t + 1).

Cause: ex12_cache_only_new
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
    return weights @ V, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)

