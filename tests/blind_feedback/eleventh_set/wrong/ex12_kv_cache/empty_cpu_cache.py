"""MISTAKE: for the first step an empty cache is made with torch.zeros(..., 0, d), which is float32 on the CPU; for inputs on another device torch.cat then fails, and float16/bfloat16 keys are promoted to float32 so q @ K fails on the dtype mismatch.
FIX: On the first step use the token's own k and v as the cache (or create the empty tensors with x_t's dtype and device).
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
        batch = x_t.shape[:-2]
        cache = (torch.zeros(*batch, 0, W_K.size(-1)), torch.zeros(*batch, 0, W_V.size(-1)))
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
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
