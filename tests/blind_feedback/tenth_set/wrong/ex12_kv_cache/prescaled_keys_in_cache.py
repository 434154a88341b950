"""MISTAKE: The new key is divided by √d_k before it is cached and the scores are left unscaled, so a self-made cache gives the right outputs, but the returned cache holds scaled keys instead of x @ W_K, and a cache of plain keys passed in is attended without scaling.
FIX: Cache k = x_t @ W_K unchanged and divide the scores q Kᵀ by √d_k.
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
    k = (x_t @ W_K) / math.sqrt(W_K.size(-1))  # scale once, when the key is made
    v = x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    scores = q @ K.transpose(-2, -1)
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
        out, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out)
    return torch.cat(outputs, dim=-2)
