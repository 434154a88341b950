"""MISTAKE: the new key is put in front of the cached keys while the new value is appended at the end, so K and V fall out of step (key j no longer belongs with value j) and the output blends the wrong values.
FIX: Append both at the end, oldest first: cat([K_past, k]) and cat([V_past, v]).
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([k, K_past], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
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
