"""MISTAKE: once a cache exists the new token's query is scored against the cached keys only (K_past, V_past) and not against its own key, so from the second step on each token ignores itself and the outputs differ from causal self-attention.
FIX: Attend over the grown cache, torch.cat([K_past, k]) and torch.cat([V_past, v]).
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
        keys, values = k, v
        new_cache = (k, v)
    else:
        keys, values = cache
        new_cache = (torch.cat([keys, k], dim=-2), torch.cat([values, v], dim=-2))
    scores = q @ keys.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ values, new_cache


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
