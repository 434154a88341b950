"""MISTAKE: attention_step attends over the old cache before appending the new key and value, so from the second step on each token cannot see itself (off by one) and its output differs from causal self-attention.
FIX: Append k and v to the cache first, then let q attend over the grown K and V.
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
        K_att, V_att = k, v
        K, V = k, v
    else:
        K_att, V_att = cache
        K = torch.cat([K_att, k], dim=-2)
        V = torch.cat([V_att, v], dim=-2)
    weights = torch.softmax(q @ K_att.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1)
    return weights @ V_att, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outs = []
    for t in range(X.size(-2)):
        out, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
