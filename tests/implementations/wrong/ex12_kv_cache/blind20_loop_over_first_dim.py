"""MISTAKE: generate_outputs loops over range(X.shape[0]), the batch size for batched X, not over the n positions of dim -2: a batch of one gives one token's output.
FIX: for t in range(X.shape[-2]).

Cause: ex12_loop_first_dim
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
    """One generation step: the newest token attends to itself and every cached token."""
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
    out_t = weights @ V
    return out_t, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    """Feed X through attention_step one token at a time, carrying the cache along."""
    cache = None
    outputs = []
    for t in range(X.shape[0]):
        out_t, cache = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
