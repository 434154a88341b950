"""MISTAKE: The helper transposes the keys with K.transpose(1, 2), assuming exactly one batch dimension [B, n, d]; unbatched 2-D inputs raise an IndexError and inputs with two batch dimensions swap the wrong axes.
FIX: Swap the last two dimensions, K.transpose(-2, -1).
"""
from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(1, 2) / math.sqrt(Q.size(-1))
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
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
