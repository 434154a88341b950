"""MISTAKE: generate_outputs takes the token as X[..., t, :].unsqueeze(0), which is [1, d_model] for an unbatched X but [1, B, d_model] for a batched one, so the batch is fed as if it were B tokens and the output has the wrong shape and values.
FIX: Slice with X[..., t:t + 1, :], which keeps the position axis in place.
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
    for t in range(X.shape[-2]):
        x_t = X[..., t, :].unsqueeze(0)
        out, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        outputs.append(out)
    return torch.cat(outputs, dim=-2)
