"""MISTAKE: cross_attention takes the queries from the encoder and the keys/values from the decoder (roles swapped), so the weights come out [..., n_enc, n_dec] and the output has one row per source position.
FIX: Q = X_dec @ W_Q, K = X_enc @ W_K, V = X_enc @ W_V: the decoder asks, the encoder is read.
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
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    return _attention(Q, K, V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    # the decoder reads the encoder: the encoder provides the queries it is asked with,
    # the decoder states are what gets looked up
    Q = X_enc @ W_Q
    K = X_dec @ W_K
    V = X_dec @ W_V
    return _attention(Q, K, V, mask)
