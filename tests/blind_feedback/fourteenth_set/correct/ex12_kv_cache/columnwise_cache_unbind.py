"""MISTAKE: none (correct). The step scores the cache with an elementwise product and a sum over features instead of a matmul, normalises down the positions axis (dim -2) and blends by a weighted sum over it; generate_outputs walks X with unbind(-2) and stacks the one-row outputs.
FIX: none
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
    K = k if cache is None else torch.cat((cache[0], k), dim=-2)
    V = v if cache is None else torch.cat((cache[1], v), dim=-2)
    column = (K * q).sum(dim=-1, keepdim=True) / math.sqrt(q.shape[-1])  # [..., t+1, 1]
    w = torch.softmax(column, dim=-2)
    out_t = (w * V).sum(dim=-2, keepdim=True)
    return out_t, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    rows = []
    for x in X.unbind(dim=-2):
        out_t, cache = attention_step(x.unsqueeze(-2), W_Q, W_K, W_V, cache)
        rows.append(out_t.squeeze(-2))
    return torch.stack(rows, dim=-2)
