"""MISTAKE: The first step starts from an empty cache made with torch.empty(..., 0, d), which is float32 on the CPU; with x_t on another device the cat fails, and for float16/bfloat16 inputs the cache is promoted to float32 and the step fails or changes dtype.
FIX: Create no cache tensor: on the first step use the token's own k and v as the cache.
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
        cache = (torch.empty(*batch, 0, W_K.shape[-1]), torch.empty(*batch, 0, W_V.shape[-1]))
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
        out_t, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
