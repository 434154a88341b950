"""MISTAKE: attention_step reuses the causal mask of exercise 10, tril(ones(n_q, n_k)) with n_q = 1, which only allows the first cached key, so from the second step on every token attends only to token 0.
FIX: Use no mask in a cached step (or a tril with diagonal = n_k - n_q); the cache holds only the past and the token itself.
"""

from __future__ import annotations

import math

import torch

def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        k = torch.cat([cache[0], k], dim=-2)
        v = torch.cat([cache[1], v], dim=-2)
    n_q, n_k = q.size(-2), k.size(-2)
    mask = torch.tril(torch.ones(n_q, n_k, dtype=torch.bool, device=x_t.device))
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
