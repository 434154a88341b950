"""MISTAKE: When a cache is given, the new token attends only to the cached past and its own key and value are appended afterwards; from the second token on, a token never sees itself (off by one compared with causal attention).
FIX: Append k and v to the cache first, then attend over the grown cache (t + 1 keys).
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
        K_att, V_att = k, v  # first token: nothing cached yet
    else:
        K_att, V_att = cache  # attend over the tokens seen so far
    scores = q @ K_att.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    out_t = weights @ V_att
    if cache is None:
        new_cache = (k, v)
    else:
        new_cache = (torch.cat([cache[0], k], dim=-2), torch.cat([cache[1], v], dim=-2))
    return out_t, new_cache


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
