"""MISTAKE: Projects with X @ W.T as if the weights were stored [out, in] like nn.Linear; the kit's weights are [d_model, d_k], so non-square weights raise a shape error and square ones give wrong Q, K, V.
FIX: Use the row convention of the lesson, Q = X @ W_Q (no transpose).
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


def _project(X, W):
    # weights are stored like nn.Linear: [out_features, in_features]
    return X @ W.T


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = _project(X, W_Q), _project(X, W_K), _project(X, W_V)
    return _attention(Q, K, V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = _project(X_dec, W_Q)
    K = _project(X_enc, W_K)
    V = _project(X_enc, W_V)
    return _attention(Q, K, V, mask)
