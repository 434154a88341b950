"""MISTAKE: The causal mask is built with torch.ones(n, n, dtype=torch.bool) and no device, so it always lives on the CPU; for X on another device (cuda, meta) masked_fill raises because the mask is not on X's device.
FIX: Create the mask on X's device: torch.ones(n, n, dtype=torch.bool, device=X.device).
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
