"""The first step starts from an empty cache made with torch.zeros on the CPU, whatever the device of x_t.

Caught by: the meta-device cases (torch.cat meets a CPU tensor and a meta tensor); on
the CPU everything is right.

Cause: made_on_cpu
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        batch = x_t.shape[:-2]
        cache = (torch.zeros(*batch, 0, k.size(-1), dtype=x_t.dtype),
                 torch.zeros(*batch, 0, v.size(-1), dtype=x_t.dtype))
    K_past, V_past = cache
    K = torch.cat([K_past, k], dim=-2)
    V = torch.cat([V_past, v], dim=-2)
    weights = torch.softmax(q @ K.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
