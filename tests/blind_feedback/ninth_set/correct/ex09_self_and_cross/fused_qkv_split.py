"""CORRECT: Projects with one fused matrix (torch.cat of the weight matrices, nanoGPT's c_attn style) and splits the result by widths with Tensor.split, then masks with torch.where and a scalar -inf."""

from __future__ import annotations

import math

import torch


def _attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = (Q @ K.mT) * (1.0 / math.sqrt(Q.size(-1)))
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    widths = [W_Q.size(1), W_K.size(1), W_V.size(1)]
    Q, K, V = (X @ torch.cat([W_Q, W_K, W_V], dim=1)).split(widths, dim=-1)
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
    K, V = (X_enc @ torch.cat([W_K, W_V], dim=1)).split([W_K.size(1), W_V.size(1)], dim=-1)
    return _attention(Q, K, V, mask)
