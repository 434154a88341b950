"""MISTAKE: cross_attention projects K and V from X_dec (a copy-paste of self_attention), so the encoder is never read.
FIX: K = X_enc @ W_K, V = X_enc @ W_V.

Cause: ex09_kv_from_dec
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
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
    """Self-attention: Q, K and V are all projected from the same sequence X."""
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Cross-attention: queries from the decoder, keys and values from the encoder."""
    Q = X_dec @ W_Q
    K = X_dec @ W_K
    V = X_dec @ W_V
    return _attention(Q, K, V, mask)
