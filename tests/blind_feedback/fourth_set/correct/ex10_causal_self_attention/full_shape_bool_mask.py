"""CORRECT: Builds the causal mask at the full score shape with torch.ones_like(scores, dtype=torch.bool).tril(), which is automatically on X's device and already batched, then masks with torch.where.
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
    Q = torch.matmul(X, W_Q)
    K = torch.matmul(X, W_K)
    V = torch.matmul(X, W_V)
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(Q.shape[-1])
    allowed = torch.ones_like(scores, dtype=torch.bool).tril()
    scores = torch.where(allowed, scores, torch.full_like(scores, float("-inf")))
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
