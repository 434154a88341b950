"""MISTAKE: After the first step, attention_step attends over the old cache only and appends the new key and value afterwards, so the newest token never sees itself (an off-by-one on the cache).
FIX: Append k and v to the cache first, then attend over the grown K and V.
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
        K_att, V_att = K, V
    else:
        K_att, V_att = cache
        K = torch.cat([K_att, k], dim=-2)
        V = torch.cat([V_att, v], dim=-2)
    scores = q @ K_att.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    out_t = weights @ V_att
    return out_t, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outputs = []
    for t in range(X.size(-2)):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
