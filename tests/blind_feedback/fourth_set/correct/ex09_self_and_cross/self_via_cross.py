"""CORRECT: self_attention is written as cross_attention(X, X, ...), the sequence reading itself, and the shared helper masks with torch.where on the bool test mask != 0.
"""
from __future__ import annotations

import math

import torch


def _attend(Q, K, V, mask=None):
    scores = torch.matmul(Q, K.mT) * Q.size(-1) ** -0.5
    if mask is not None:
        scores = torch.where(mask != 0, scores, scores.new_tensor(float("-inf")))
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights


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
    return _attend(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
