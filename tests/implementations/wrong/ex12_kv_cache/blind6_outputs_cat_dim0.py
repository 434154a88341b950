"""generate_outputs joins the per-step outputs with torch.cat(outs, dim=0), which is the position axis only without a batch dim, so batched X gives [n*B, 1, d_v] (batches and steps stacked) instead of [..., n, d_v].

FIX: Concatenate along the position axis: torch.cat(outs, dim=-2).

Caught by: blind set 6.

Cause: ex12_outputs_cat_dim0
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
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)

def generate_outputs(X, W_Q, W_K, W_V):
    cache = None
    outs = []
    for t in range(X.shape[-2]):
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=0)
