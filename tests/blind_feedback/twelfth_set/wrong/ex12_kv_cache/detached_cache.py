"""MISTAKE: The grown cache is returned detached ("it is only storage"), so the values are right but no gradient flows from later outputs back through the cached keys and values to earlier tokens (or to W_K and W_V through them).
FIX: Return the concatenated K and V as they are; torch.cat already builds new tensors that keep the graph.
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
        K = torch.cat([cache[0], k], dim=-2)
        V = torch.cat([cache[1], v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    out_t = torch.softmax(scores, dim=-1) @ V
    # the cache is just storage for later steps: no need to keep its graph
    return out_t, (K.detach(), V.detach())


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
