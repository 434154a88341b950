"""MISTAKE: The shared helper scales by the square root of d_model (X's width, passed in) instead of d_k, the width of the projected queries and keys.
FIX: Scale by math.sqrt(Q.size(-1)), the width of the vectors actually multiplied.
"""
from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None, d_model=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_model)
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, mask, d_model=X.size(-1))


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, mask, d_model=X_dec.size(-1))
