"""CORRECT: attention_step uses einsum and a manual stable softmax; generate_outputs collects the rows with torch.stack over the squeezed position axis.
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
    q = torch.einsum("...td,dk->...tk", x_t, W_Q)
    k = torch.einsum("...td,dk->...tk", x_t, W_K)
    v = torch.einsum("...td,dv->...tv", x_t, W_V)
    K = k if cache is None else torch.cat((cache[0], k), dim=-2)
    V = v if cache is None else torch.cat((cache[1], v), dim=-2)
    s = torch.einsum("...qd,...kd->...qk", q, K) * (1.0 / math.sqrt(W_Q.shape[-1]))
    e = torch.exp(s - s.amax(dim=-1, keepdim=True))
    w = e / e.sum(dim=-1, keepdim=True)
    return torch.einsum("...qk,...kv->...qv", w, V), (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    rows = []
    cache = None
    for t in range(X.shape[-2]):
        out, cache = attention_step(X.narrow(-2, t, 1), W_Q, W_K, W_V, cache=cache)
        rows.append(out.squeeze(-2))
    return torch.stack(rows, dim=-2)
