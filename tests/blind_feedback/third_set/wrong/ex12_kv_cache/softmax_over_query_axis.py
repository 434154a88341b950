"""MISTAKE: attention_step takes the softmax over dim=-2, the single query row, so every weight is 1 and the output is the sum of the cached values.
FIX: Softmax over the keys, dim=-1.
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
        K = torch.cat([cache[0], k], dim=-2)
        V = torch.cat([cache[1], v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-2)
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
