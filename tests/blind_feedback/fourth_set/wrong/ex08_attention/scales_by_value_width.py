"""MISTAKE: Reads the scaling width from V.size(-1) (d_v) instead of Q.size(-1) (d_k), which is only right when the two widths happen to be equal.
FIX: Scale by math.sqrt(Q.size(-1)), the width of the vectors in the dot product.
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
    d = V.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
