"""MISTAKE: attention_step starts an empty cache with torch.zeros(..., 0, d) created on the CPU in the default float32, so inputs on another device raise a device error and float16/bfloat16 inputs raise a dtype mismatch (torch.cat promotes the first cache to float32).
FIX: On the first step use the token's own key and value as the cache (or create the empty tensors with k's dtype and device).
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
        cache = (
            torch.zeros(*k.shape[:-2], 0, k.size(-1)),
            torch.zeros(*v.shape[:-2], 0, v.size(-1)),
        )
    K_past, V_past = cache
    K = torch.cat([K_past, k], dim=-2)
    V = torch.cat([V_past, v], dim=-2)
    weights = torch.softmax(q @ K.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
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
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
