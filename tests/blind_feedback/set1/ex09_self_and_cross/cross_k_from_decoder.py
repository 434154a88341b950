"""MISTAKE: cross_attention projects K from the decoder (X_dec @ W_K) instead of the encoder; only V comes from X_enc.
FIX: take both K and V from the encoder: `K = X_enc @ W_K`, `V = X_enc @ W_V`.

Raises when n_dec != n_enc (n_dec weights cannot blend n_enc value rows); when the
lengths are equal it returns wrong numbers with the right shapes.

Cause: ex09_k_from_dec
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q
    K = X_dec @ W_K
    V = X_enc @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
