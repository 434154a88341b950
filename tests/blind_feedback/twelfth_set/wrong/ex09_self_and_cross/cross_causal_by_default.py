"""MISTAKE: cross_attention adds a causal (lower-triangular) mask when none is given, thinking the decoder must never look ahead; but the source sentence is fully known, so the default must be no mask at all.
FIX: With mask=None apply no mask in cross-attention; use only a mask that is passed in.
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
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    if mask is None:
        # the decoder must not look ahead
        n_dec, n_enc = Q.size(-2), K.size(-2)
        mask = torch.tril(torch.ones(n_dec, n_enc, dtype=torch.bool, device=Q.device))
    return _attention(Q, K, V, mask)
