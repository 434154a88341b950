"""CORRECT: self_attention is written as cross_attention(X, X, ...); the queries are divided by √d_k before the product, and the mask is applied with torch.where."""
from __future__ import annotations

import math

import torch


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return cross_attention(X, X, W_Q, W_K, W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q
    Q = Q / math.sqrt(Q.size(-1))
    scores = Q @ (X_enc @ W_K).mT
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ (X_enc @ W_V), weights
