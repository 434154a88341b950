"""The step's output comes from torch.nn.functional.scaled_dot_product_attention, which 12 forbids.

Caught by: forbidden call (the output and the cache are otherwise right).

Cause: forbidden_call
"""

import math

import torch
import torch.nn.functional as F


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    return F.scaled_dot_product_attention(q, K, V), (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
