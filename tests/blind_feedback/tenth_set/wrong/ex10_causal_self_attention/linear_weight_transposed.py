"""MISTAKE: The projections use the nn.Linear convention X @ W.T, but these matrices are stored [d_model, d_k] for X @ W, so non-square weights raise a shape error and square ones silently give wrong Q, K and V.
FIX: Project with X @ W_Q, X @ W_K, X @ W_V.
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
    n = X.size(-2)
    Q = X @ W_Q.T
    K = X @ W_K.T
    V = X @ W_V.T
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
