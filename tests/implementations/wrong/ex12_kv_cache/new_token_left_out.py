"""With a cache, the new query attends only to the cached keys and values, leaving the new token out (it is appended afterwards).

Caught by: any step with a cache (the output) and generate_outputs with n > 1.

Cause: ex12_new_token_left_out
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
    seen_K, seen_V = (K, V) if cache is None else cache  # the past only
    weights = torch.softmax(q @ seen_K.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ seen_V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
