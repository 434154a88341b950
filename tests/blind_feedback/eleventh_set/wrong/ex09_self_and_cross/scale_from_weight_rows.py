"""MISTAKE: d_k is read as W_Q.shape[0], which is d_model (the rows of W_Q), not d_k (its columns), so whenever d_model != d_k the scores are scaled by the wrong square root.
FIX: Use W_Q.shape[1] or, better, Q.size(-1).
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, d_k, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[0]
    return _attention(X @ W_Q, X @ W_K, X @ W_V, d_k, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[0]
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, d_k, mask)
