"""A causal mask is built inside the step: tril of the [1, t+1] score row allows only the first key.

Caught by: any step with a cache (the output is the first value row) and generate_outputs
with n > 1.

Cause: ex12_causal_mask_in_step
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
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    mask = torch.tril(torch.ones(scores.shape[-2:], dtype=torch.bool, device=scores.device))
    weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache, outputs = None, []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
