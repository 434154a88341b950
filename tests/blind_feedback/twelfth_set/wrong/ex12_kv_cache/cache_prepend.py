"""MISTAKE: The new key and value are put in front of the cache (newest first); the step's output is unchanged because K and V stay paired, but the returned cache is in reverse order (row 0 is the newest token, not token 0).
FIX: Append at the end, torch.cat([K_past, k], dim=-2) and likewise for V, oldest first.
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
    if cache is not None:
        K_past, V_past = cache
        k = torch.cat([k, K_past], dim=-2)  # newest on top of the stack
        v = torch.cat([v, V_past], dim=-2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, (k, v)


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
