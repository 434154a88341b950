"""MISTAKE: generate_outputs assumes X is [batch, n, d_model] and slices X[:, t:t+1] with n = X.shape[1]; on an unbatched [n, d_model] X that slices feature columns, and with two batch dims it slices the wrong axis.
FIX: Index the positions axis from the end: n = X.size(-2), x_t = X[..., t:t+1, :].

Cause: front_axis
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
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))  # [..., 1, t+1]
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    n = X.shape[1]
    cache = None
    outs = []
    for t in range(n):
        out_t, cache = attention_step(X[:, t : t + 1], W_Q, W_K, W_V, cache)
        outs.append(out_t)
    return torch.cat(outs, dim=-2)
