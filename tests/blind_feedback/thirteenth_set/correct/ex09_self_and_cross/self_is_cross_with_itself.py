"""MISTAKE: none (correct). self_attention is written as cross_attention of X with itself, and cross_attention folds the 1/sqrt(d_k) scale into the queries before the score product and masks with torch.where.
FIX: none
"""

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
    K = torch.matmul(X_enc, W_K)
    V = torch.matmul(X_enc, W_V)
    Q = torch.matmul(X_dec, W_Q) / math.sqrt(W_Q.shape[-1])
    scores = torch.matmul(Q, K.mT)
    if mask is not None:
        scores = torch.where(mask == 0, float("-inf"), scores)
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
