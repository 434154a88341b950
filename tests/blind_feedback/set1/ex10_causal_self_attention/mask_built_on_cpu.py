"""MISTAKE: builds the causal mask with torch.ones(n, n) and no device argument, so it always lives on the CPU whatever X's device.
FIX: create it on X's device: `torch.ones(n, n, dtype=torch.bool, device=X.device)`.

Right for CPU inputs; a CUDA or meta input raises a device-mismatch error in masked_fill.

Cause: made_on_cpu
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
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
