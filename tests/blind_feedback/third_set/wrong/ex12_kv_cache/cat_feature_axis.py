"""MISTAKE: attention_step appends the new key and value along dim=-1 (the features) instead of dim=-2 (the positions).
FIX: torch.cat([K_past, k], dim=-2).
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
        K = torch.cat([cache[0], k], dim=-1)
        V = torch.cat([cache[1], v], dim=-1)
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
