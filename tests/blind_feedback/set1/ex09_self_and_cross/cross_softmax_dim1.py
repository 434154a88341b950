"""MISTAKE: cross_attention normalises with softmax(dim=1), which is the key axis only for unbatched 2-D scores.
FIX: use `dim=-1` so the softmax always runs over the keys, whatever the batch dimensions.

Correct for unbatched inputs; with [B, n_dec, n_enc] scores it normalises over the
decoder positions instead, and with two batch dimensions over a batch axis.

Cause: attn_softmax_queries
"""

from __future__ import annotations

import math

import torch


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=1)
    return weights @ V, weights
