"""MISTAKE: The scores are divided by √K.size(-2), the number of cached tokens t + 1, instead of √d_k = √K.size(-1), so the scaling changes from step to step; the first step is right (one key gets weight 1) but later outputs differ from causal self-attention.
FIX: Scale by the key width: math.sqrt(K.size(-1)).
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
    scores = q @ K.transpose(-2, -1) / math.sqrt(K.size(-2))
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
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out)
    return torch.cat(outputs, dim=-2)
