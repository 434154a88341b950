"""CORRECT: Instead of masked_fill it adds a causal bias tensor (-inf above the diagonal, 0 elsewhere) built in X's dtype and on X's device with torch.full(...).triu(1).
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
    n = X.shape[-2]
    bias = torch.full((n, n), float("-inf"), dtype=Q.dtype, device=X.device).triu(1)
    scores = Q @ K.transpose(-2, -1) * (Q.shape[-1] ** -0.5) + bias
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
