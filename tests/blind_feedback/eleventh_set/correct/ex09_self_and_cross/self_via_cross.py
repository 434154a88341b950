"""CORRECT: self_attention is written as cross_attention(X, X, ...), the queries are pre-scaled by d_k ** -0.5, and blocked positions are found with mask.logical_not()."""

from __future__ import annotations

import math

import torch


def _attend(Q, K, V, mask=None):
    scores = (Q * Q.size(-1) ** -0.5) @ K.mT
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), -math.inf)
    weights = scores.softmax(dim=-1)
    return weights @ V, weights


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
