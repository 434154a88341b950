"""MISTAKE: The first step starts from empty caches made with torch.zeros(..., 0, d) without dtype or device (float32 on the CPU); torch.cat promotes float16/bfloat16 keys and values to float32, so the score product then fails with a dtype mismatch, and inputs on another device fail too.
FIX: Do not create a cache tensor: on the first step use the token's own key and value (or make the empty tensor with k.new_zeros).
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
        batch = x_t.shape[:-2]
        cache = (torch.zeros(*batch, 0, k.size(-1)), torch.zeros(*batch, 0, v.size(-1)))
    K_past, V_past = cache
    K = torch.cat((K_past, k), dim=-2)
    V = torch.cat((V_past, v), dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
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
        out_t, cache = attention_step(X[..., t : t + 1, :], W_Q, W_K, W_V, cache)
        outputs.append(out_t)
    return torch.cat(outputs, dim=-2)
