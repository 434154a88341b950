"""MISTAKE: The projections are written as X @ W.T (the nn.Linear convention, weight stored [out, in]) although the weights are [d_model, d_k] with Q = X @ W_Q; it fails when d_k != d_model and silently uses the wrong projection when they are square.
FIX: Use the row convention of the contract: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
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
    Q, K, V = X @ W_Q.T, X @ W_K.T, X @ W_V.T
    return _attention(Q, K, V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q.T
    K = X_enc @ W_K.T
    V = X_enc @ W_V.T
    return _attention(Q, K, V, mask)
