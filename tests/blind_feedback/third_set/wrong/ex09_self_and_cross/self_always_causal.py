"""MISTAKE: self_attention applies a causal mask even when no mask is given, confusing self-attention with decoder self-attention.
FIX: Only mask when a mask is passed in.
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
    n = X.size(-2)
    if mask is None:
        mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
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
