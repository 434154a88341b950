"""MISTAKE: The helper builds an all-ones default mask of shape [n_q, n_q] when none is given, which cannot broadcast to the [n_q, n_k] scores of cross-attention when n_dec != n_enc.
FIX: Skip masking when mask is None (or size a default mask [n_q, n_k] from both Q and K).
"""
from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    n = Q.size(-2)
    if mask is None:
        mask = torch.ones(n, n, dtype=torch.bool, device=Q.device)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
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
    return _attention(Q, K, V, mask)
