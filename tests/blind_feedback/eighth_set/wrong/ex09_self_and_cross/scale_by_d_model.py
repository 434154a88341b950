"""MISTAKE: the helper scales the scores by √d_model (X.size(-1)) instead of √d_k (the width of the projected queries), so whenever d_k != d_model the softmax is too sharp or too flat.
FIX: Divide by math.sqrt(Q.size(-1)), the key/query width after projection.
"""

from __future__ import annotations

import math

import torch


def _attention(X_q, X_kv, W_Q, W_K, W_V, mask=None):
    d_model = X_q.size(-1)
    Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
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
    return _attention(X, X, W_Q, W_K, W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention(X_dec, X_enc, W_Q, W_K, W_V, mask)
