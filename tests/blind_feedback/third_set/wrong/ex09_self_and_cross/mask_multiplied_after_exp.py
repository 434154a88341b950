"""MISTAKE: The helper multiplies the exponentials by the mask, so a float64 0/1 mask promotes float32 weights to float64 and weights @ V then fails.
FIX: Use masked_fill / torch.where on the scores, which never changes the dtype.
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    if mask is not None:
        e = e * mask
    weights = e / e.sum(dim=-1, keepdim=True)
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
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, mask)
