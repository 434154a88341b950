"""attention_step appends the new key, not the new value, to the value cache (a copy-paste
slip from the line above it).

Caught by: the step with 3 cached positions (the join fails at the line that shows it: the
key is d_k wide, the cached values d_v).

Cause: ex12_key_in_values
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        K_cache, V_cache = cache
        k_all = torch.cat((K_cache, k), dim=-2)
        v_all = torch.cat((V_cache, k), dim=-2)
    else:
        k_all, v_all = k, v
    weights = torch.softmax(q @ k_all.mT / math.sqrt(k_all.shape[-1]), dim=-1)
    return weights @ v_all, (k_all, v_all)


def generate_outputs(X, W_Q, W_K, W_V):
    outputs, cache = [], None
    for t in range(X.shape[-2]):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
