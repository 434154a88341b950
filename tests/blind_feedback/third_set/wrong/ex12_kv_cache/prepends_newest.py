"""MISTAKE: attention_step puts the new key and value in front of the cache (newest first), so the returned cache is not in oldest-first order.
FIX: Append at the end: cat([K_past, k]) and cat([V_past, v]).
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
    if cache is not None:
        k = torch.cat([k, cache[0]], dim=-2)
        v = torch.cat([v, cache[1]], dim=-2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, (k, v)


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
