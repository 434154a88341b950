"""MISTAKE: cross_attention takes the queries from X_enc and the keys/values from X_dec (encoder asking the decoder), so the weights come out [n_enc, n_dec] and the output has one row per source word instead of one per target position.
FIX: Q = X_dec @ W_Q, K = X_enc @ W_K, V = X_enc @ W_V: the decoder asks, the encoder is read.
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
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
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_enc @ W_Q
    K = X_dec @ W_K
    V = X_dec @ W_V
    return _attention(Q, K, V, mask)
