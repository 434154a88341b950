"""MISTAKE: Forgets to divide the scores by √d_k; the mask and the triangle are right, but every row with more than one allowed key gets too-peaked weights.
FIX: Divide Q Kᵀ by math.sqrt(d_k) before masking and the softmax.
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
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    n = X.size(-2)
    scores = Q @ K.transpose(-2, -1)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
