"""MISTAKE: attention_step starts from an empty cache made with torch.zeros(..., 0, d) without dtype or device, a float32 CPU tensor, so for float16/bfloat16 inputs the cache is promoted to float32 and q @ Kᵀ fails with a dtype mismatch, and for inputs on another device such as cuda or meta the first torch.cat fails.
FIX: On the first step use the token's own k and v as the cache (or create the empty tensors with dtype and device of k).
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
        cache = (torch.zeros(*k.shape[:-2], 0, k.size(-1)),
                 torch.zeros(*v.shape[:-2], 0, v.size(-1)))
    K = torch.cat([cache[0], k], dim=-2)
    V = torch.cat([cache[1], v], dim=-2)
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
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
