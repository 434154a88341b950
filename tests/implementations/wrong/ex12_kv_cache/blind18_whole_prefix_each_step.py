"""MISTAKE: generate_outputs feeds the whole prefix X[..., :t+1, :] at every step instead of the one new token, so the cache fills with duplicates and each step returns t+1 rows
FIX: Feed one token per step, `X[..., t:t+1, :]`, and keep the step's whole output.

Cause: ex12_whole_prefix
"""

from __future__ import annotations

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    """One generation step: the newest token attends to itself and every cached token."""
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V     # [..., 1, d_k], [..., 1, d_k], [..., 1, d_v]
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))     # [..., 1, t+1]
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    """Feed X through attention_step one token at a time, carrying the cache along."""
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out_t[..., -1:, :])
    return torch.cat(outs, dim=-2)
