"""MISTAKE: attention_step starts from an empty cache made with torch.zeros(..., 0, d) and no dtype/device, so float16 inputs get a float32 cache (and a dtype-mismatch error) and non-CPU inputs fail.
FIX: On the first step use the token's own k and v as the cache.
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
        lead = x_t.shape[:-2]
        cache = (torch.zeros(*lead, 0, k.size(-1)), torch.zeros(*lead, 0, v.size(-1)))
    K = torch.cat([cache[0], k], dim=-2)
    V = torch.cat([cache[1], v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out_t)
    return torch.cat(outs, dim=-2)
