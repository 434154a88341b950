"""MISTAKE: none (correct). The first step starts from zero-length slices of the token's own key and value (same dtype, device and graph), so every step takes the same torch.cat path; generate_outputs walks the tokens with X.split(1, dim=-2), and the scores are an einsum.
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
    K_past, V_past = cache if cache is not None else (k[..., :0, :], v[..., :0, :])
    K = torch.cat([K_past, k], dim=-2)
    V = torch.cat([V_past, v], dim=-2)
    scores = torch.einsum("...qd,...td->...qt", q, K) / math.sqrt(W_Q.shape[-1])
    return torch.softmax(scores, dim=-1) @ V, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    rows = []
    for x_t in X.split(1, dim=-2):
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        rows.append(out_t)
    return torch.cat(rows, dim=-2)
