"""MISTAKE: The scores are masked with torch.tril(scores), which sets future scores to 0 instead of -inf, so the future still gets weight.
FIX: Replace blocked scores by -inf with masked_fill before the softmax.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = torch.tril(scores)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
