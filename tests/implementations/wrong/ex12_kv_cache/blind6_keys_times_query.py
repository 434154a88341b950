"""the scores are computed as K @ q^T, a [t+1, 1] column instead of a [1, t+1] row, so the softmax over the last axis (size 1) gives weight 1 to every key and the output is the sum of all cached values.

FIX: Compute q @ K.transpose(-2, -1) so the keys lie along the last axis.

Caught by: blind set 6.

Cause: attn_softmax_size_one
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K = torch.cat([cache[0], k], dim=-2)
        V = torch.cat([cache[1], v], dim=-2)
    scores = K @ q.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    out = weights.transpose(-2, -1) @ V
    return out, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
