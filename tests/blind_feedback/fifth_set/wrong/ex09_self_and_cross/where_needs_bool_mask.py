"""MISTAKE: Masks with torch.where(mask, scores, -inf), which needs a bool condition: a 0/1 mask of a float or integer dtype raises instead of being treated as allowed/blocked.
FIX: Compare first, torch.where(mask != 0, scores, float("-inf")), or use masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = torch.where(mask, scores, float("-inf"))
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
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
