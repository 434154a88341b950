"""einsum projections, torch.where with torch.full_like(scores, -1e9): right in float32 and
float64, but -1e9 does not fit in float16, so full_like raises there (a correct file until
blind set 13, when 09's float16 case stopped letting the overflow pass).

Caught by: the float16 case with a padding mask.

Cause: float16_fill
"""

from __future__ import annotations

import math

import torch


def _attend(Q, K, V, mask):
    scores = torch.einsum("...qd,...kd->...qk", Q, K) / Q.shape[-1] ** 0.5
    if mask is not None:
        scores = torch.where(mask != 0, scores, torch.full_like(scores, -1e9))
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("...qk,...kd->...qd", weights, V), weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    Q, K, V = (torch.einsum("...nd,dk->...nk", X, W) for W in (W_Q, W_K, W_V))
    return _attend(Q, K, V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = torch.einsum("...nd,dk->...nk", X_dec, W_Q)
    K = torch.einsum("...nd,dk->...nk", X_enc, W_K)
    V = torch.einsum("...nd,dk->...nk", X_enc, W_V)
    return _attend(Q, K, V, mask)
