"""CORRECT: self_attention is cross_attention with the same sequence on both sides; the helper does the projections and the scores with einsum and masks with torch.where."""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = torch.einsum("...id,...jd->...ij", Q, K) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = scores.softmax(dim=-1)
    return torch.einsum("...ij,...jv->...iv", weights, V), weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return cross_attention(X, X, W_Q, W_K, W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = torch.einsum("...nd,dk->...nk", X_dec, W_Q)
    K = torch.einsum("...nd,dk->...nk", X_enc, W_K)
    V = torch.einsum("...nd,dv->...nv", X_enc, W_V)
    return _attention(Q, K, V, mask)
