"""MISTAKE: The projections use the nn.Linear / F.linear layout X @ W.T, but here W is [d_model, d_k] (row convention X @ W), so it fails with a shape error when d_k != d_model and silently uses the transposed matrices when they are square.
FIX: Multiply without transposing: X @ W_Q, X @ W_K, X @ W_V.
"""

from __future__ import annotations

import math

import torch


def _attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
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
    return _attention(X @ W_Q.T, X @ W_K.T, X @ W_V.T, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention(X_dec @ W_Q.T, X_enc @ W_K.T, X_enc @ W_V.T, mask)
