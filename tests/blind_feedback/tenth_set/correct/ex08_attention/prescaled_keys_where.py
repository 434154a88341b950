"""CORRECT: scales the transposed keys by 1/√d_k before the product instead of scaling the scores, and masks with torch.where(mask != 0, scores, -inf)."""
from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    inv_scale = 1.0 / math.sqrt(Q.size(-1))
    scores = Q @ (K.mT * inv_scale)
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
