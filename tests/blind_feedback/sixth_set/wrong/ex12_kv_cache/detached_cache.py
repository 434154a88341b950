"""MISTAKE: the new key and value are detached before they go into the cache (as in inference-only or Transformer-XL memory code), so no gradient flows back through the cache to the earlier tokens that produced it.
FIX: Store k and v without .detach(); torch.cat keeps the autograd graph.
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q = x_t @ W_Q
    k = (x_t @ W_K).detach()
    v = (x_t @ W_V).detach()
    if cache is None:
        K, V = k, v
    else:
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
