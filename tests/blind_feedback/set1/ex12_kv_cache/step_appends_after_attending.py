"""MISTAKE: attention_step attends over the old cache first and appends the new key and value only afterwards, so (once a cache exists) the new token never attends to itself.
FIX: concatenate k and v onto the cache before computing the scores, then attend over all t+1 positions.

The first step (cache=None) and the returned cache are right; every later output misses
its own token, so generate_outputs differs from causal self-attention from position 1 on.

Cause: ex12_new_token_left_out
"""

from __future__ import annotations

import math

import torch


def attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    q = x_t @ W_Q
    k = x_t @ W_K
    v = x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K, V = cache
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    out = weights @ V
    if cache is not None:
        K = torch.cat([K, k], dim=-2)
        V = torch.cat([V, v], dim=-2)
    return out, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outputs = []
    for t in range(X.size(-2)):
        x_t = X[..., t : t + 1, :]
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
