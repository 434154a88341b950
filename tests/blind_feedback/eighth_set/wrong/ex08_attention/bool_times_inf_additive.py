"""MISTAKE: the mask is added as (mask == 0) * float("-inf"), but False * -inf is 0 * -inf = NaN, so every allowed score becomes NaN and the whole result is NaN whenever a mask is given.
FIX: Block with scores.masked_fill(mask == 0, float("-inf")) (or torch.where) instead of multiplying a boolean by -inf.
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
    if mask is not None:
        scores = scores + (mask == 0) * float("-inf")
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
