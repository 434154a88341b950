"""MISTAKE: the cache is grown with torch.cat(..., dim=1), the sequence axis only for [batch, t, d] tensors, so with no batch dim the new key is glued onto the feature axis and with two batch dims onto the second batch axis.
FIX: Concatenate along the position axis dim=-2.
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        k = torch.cat([cache[0], k], dim=1)
        v = torch.cat([cache[1], v], dim=1)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
