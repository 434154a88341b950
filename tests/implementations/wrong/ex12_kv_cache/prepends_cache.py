"""The new key and value are put in front of the cache (newest first) instead of after it.

Caught by: the cases that check the returned cache; the outputs are right (attention does
not care about the order, as long as keys and values stay paired).

Cause: ex12_prepended
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([k, K_past], dim=-2)
        V = torch.cat([v, V_past], dim=-2)
    weights = torch.softmax(q @ K.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
