"""CORRECT: builds the causal mask at full batch shape with torch.ones_like(scores, dtype=torch.bool).tril() (tril acts on the last two dims, on scores' device) and normalises with log_softmax().exp().
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
    scores = torch.matmul(Q, K.transpose(-1, -2)).div(math.sqrt(Q.shape[-1]))
    allowed = torch.ones_like(scores, dtype=torch.bool).tril()
    scores = scores.masked_fill(allowed.logical_not(), float("-inf"))
    weights = torch.log_softmax(scores, dim=-1).exp()
    return torch.matmul(weights, V), weights
