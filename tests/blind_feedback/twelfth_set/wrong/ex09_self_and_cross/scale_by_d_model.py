"""MISTAKE: The scores are divided by √d_model (the width of X) instead of √d_k (the width of Q and K); right only when the projections keep the width (d_k == d_model).
FIX: Scale by math.sqrt(Q.size(-1)), the width of the vectors that are actually multiplied.
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, d_model, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_model = X_dec.size(-1)
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, d_model, mask)
