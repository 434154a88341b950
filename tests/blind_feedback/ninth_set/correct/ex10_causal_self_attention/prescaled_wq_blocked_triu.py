"""CORRECT: Folds 1/√d_k into the query projection (X @ (W_Q / √d_k)) and marks the blocked positions directly with torch.triu(..., diagonal=1), passing that to masked_fill without any inversion."""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    n = X.size(-2)
    Q = X @ (W_Q / math.sqrt(W_Q.size(-1)))
    K = X @ W_K
    V = X @ W_V
    future = torch.ones(n, n, dtype=torch.bool, device=X.device).triu(diagonal=1)
    weights = torch.softmax((Q @ K.mT).masked_fill(future, float("-inf")), dim=-1)
    return weights @ V, weights
