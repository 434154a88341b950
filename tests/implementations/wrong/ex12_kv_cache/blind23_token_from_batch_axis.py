"""MISTAKE: generate_outputs takes token t as X[t:t+1]: right for 2-D X, but on batched X it
slices the batch axis, and the cache cannot join it (blind set 23, ex12 w05)
FIX: X[..., t : t + 1, :].

Caught by: the batched generate_outputs cases (torch.cat of the cache raises).

Cause: ex12_slice_axis
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
    d_k = q.size(-1)
    scores = q @ K.transpose(-2, -1) / math.sqrt(d_k)
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
    outs = []
    for t in range(X.size(-2)):
        x_t = X[t:t + 1]
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        outs.append(out_t)
    return torch.cat(outs, dim=-2)
