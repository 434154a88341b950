"""MISTAKE: Runs the softmax with dtype=torch.float32 "for numerical stability" (a common mixed-precision idiom) but never casts back, so float16 and float64 inputs return float32 weights, and float64 inputs lose precision.
FIX: Cast the weights back to the input dtype (.to(Q.dtype)) before returning and blending, or softmax in the input dtype.
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32)
    return weights.to(V.dtype) @ V, weights


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
