"""MISTAKE: It scales the scores by sqrt(d_model) (the width of X) instead of sqrt(d_k) (the width of the projected queries), so whenever d_k != d_model the softmax is too flat or too sharp.
FIX: Scale by the last dimension of Q after projection: math.sqrt(Q.size(-1)).
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, d, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
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
    d_model = X.size(-1)
    return _attention(X @ W_Q, X @ W_K, X @ W_V, d_model, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_model = X_dec.size(-1)
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, d_model, mask)
