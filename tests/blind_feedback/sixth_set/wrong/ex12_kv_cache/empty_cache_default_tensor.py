"""MISTAKE: a missing cache is replaced by empty torch.zeros(..., 0, d) tensors created with the default dtype on the CPU, so the first step fails for x_t on another device, and for float16/bfloat16 inputs the concatenation promotes the keys to float32 so the score matmul raises.
FIX: On the first step use the token's own k and v as the cache (or create the empty tensors with x_t's dtype and device).
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        lead = x_t.shape[:-2]
        cache = (torch.zeros(*lead, 0, k.size(-1)), torch.zeros(*lead, 0, v.size(-1)))
    K = torch.cat([cache[0], k], dim=-2)
    V = torch.cat([cache[1], v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
