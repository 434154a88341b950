"""MISTAKE: generate_outputs starts from an empty cache made with torch.zeros(..., 0, d) without device or dtype, i.e. float32 on the CPU; on CPU float32/float64 the results are right, but for X on another device the first torch.cat mixes devices, and for float16/bfloat16 inputs the float32 empty cache promotes K and V to float32, which the matmul with the half-precision query then rejects.
FIX: Start from cache=None (or create the empty tensors with X's dtype and device).

Cause: made_on_cpu
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
        K, V = k, v
    else:
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
    lead = X.shape[:-2]
    cache = (torch.zeros(*lead, 0, W_K.size(-1)), torch.zeros(*lead, 0, W_V.size(-1)))
    outputs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out)
    return torch.cat(outputs, dim=-2)
