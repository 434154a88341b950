"""MISTAKE: The first step starts from an empty cache made with torch.zeros(..., 0, d) and no dtype or device: it is float32 on the CPU, so for float16 tokens torch.cat promotes the cache to float32 and the mixed-dtype matmul with the float16 query raises, and for tokens on another device (cuda, meta) the cat raises.
FIX: Start the cache from the first token's own key and value (or create the empty tensors with x_t's dtype and device).
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
        batch = x_t.shape[:-2]
        cache = (torch.zeros(*batch, 0, k.size(-1)), torch.zeros(*batch, 0, v.size(-1)))
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
