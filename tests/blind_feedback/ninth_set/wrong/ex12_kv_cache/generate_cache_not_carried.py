"""MISTAKE: generate_outputs unpacks the grown cache into new names but never assigns it back to `cache`, so every step starts again from cache=None and each token attends only to itself: output t is just its own value row x_t @ W_V.
FIX: Carry the cache along: out, cache = attention_step(x_t, W_Q, W_K, W_V, cache).
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


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outputs = []
    for t in range(X.size(-2)):
        out, (K, V) = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out)
    return torch.cat(outputs, dim=-2)
