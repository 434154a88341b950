"""CORRECT: keys and values come from one fused projection x_t @ cat([W_K, W_V]) split back into k and v (GPT-2 style), and generate_outputs walks over X.unbind(dim=-2), restoring each token's position axis with unsqueeze."""

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
    d_k = W_K.shape[-1]
    q = x_t @ W_Q
    k, v = (x_t @ torch.cat([W_K, W_V], dim=-1)).split([d_k, W_V.shape[-1]], dim=-1)
    if cache is not None:
        k = torch.cat((cache[0], k), dim=-2)
        v = torch.cat((cache[1], v), dim=-2)
    weights = torch.softmax(q @ k.mT / math.sqrt(d_k), dim=-1)
    return weights @ v, (k, v)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    cache = None
    outs = []
    for x in X.unbind(dim=-2):
        out, cache = attention_step(x.unsqueeze(-2), W_Q, W_K, W_V, cache)
        outs.append(out)
    return torch.cat(outs, dim=-2)
