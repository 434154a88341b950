"""MISTAKE: The mask is applied by adding torch.where(mask, 0.0, -inf), a default-dtype float32 tensor, which promotes float16 scores to float32 so the masked float16 case ends in a dtype mismatch with V.
FIX: Use scores.masked_fill(mask == 0, float("-inf")) so the scores keep their dtype.

Cause: where_float32
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
        scores = scores + torch.where(mask.bool(), 0.0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = weights @ V
    return output, weights
