"""MISTAKE: attention_step adds a "causal" mask tril(ones(1, t+1)), which for a single query row keeps only column 0, so the new token attends only to the first token.
FIX: drop the mask: the new query may see every cached position (they are all in its past).

The first step (t = 0) is right; every later output equals the first token's value row.

Cause: ex12_causal_mask_in_step
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
    n_k = K.size(-2)
    mask = torch.tril(torch.ones(1, n_k, dtype=torch.bool, device=x_t.device))
    scores = scores.masked_fill(~mask, float("-inf"))
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
        x_t = X[..., t : t + 1, :]
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
