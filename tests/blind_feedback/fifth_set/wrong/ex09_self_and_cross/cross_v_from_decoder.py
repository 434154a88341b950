"""MISTAKE: In cross_attention the values are projected from the decoder (V = X_dec @ W_V) instead of the encoder, so the weights over encoder positions blend decoder rows (a shape error when n_dec != n_enc, wrong numbers otherwise).
FIX: Project both keys and values from the encoder: K = X_enc @ W_K, V = X_enc @ W_V.
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
    V = X_dec @ W_V
    return _attention(Q, K, V, mask)
