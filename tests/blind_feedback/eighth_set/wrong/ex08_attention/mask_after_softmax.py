"""MISTAKE: the mask zeroes the weights after the softmax instead of setting scores to -inf before it, so blocked keys still take their share of the normalisation and the masked rows no longer sum to 1.
FIX: Apply scores.masked_fill(mask == 0, float("-inf")) before the softmax.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights.masked_fill(mask == 0, 0.0)
    return weights @ V, weights
