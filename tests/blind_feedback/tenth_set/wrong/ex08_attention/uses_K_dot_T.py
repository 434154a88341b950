"""MISTAKE: The keys are transposed with K.T, which reverses every dimension of a batched tensor instead of swapping the last two, so it only works for 2-D inputs and batched inputs fail or mix up batch and feature axes.
FIX: Use K.transpose(-2, -1) (or K.mT).
"""
from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(-1)
    scores = Q @ K.T / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
