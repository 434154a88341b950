"""MISTAKE: Following F.scaled_dot_product_attention's convention, a non-bool mask is treated as an additive bias and added to the scores, so a 0/1 mask just adds 1 to the allowed scores and blocks nothing (blocked weights are not 0), and a float64 mask promotes float32 scores to float64 so that weights @ V fails on mixed dtypes.
FIX: Treat every mask as a 0/1 pattern: scores.masked_fill(mask == 0, float("-inf")) whatever its dtype.

Cause: mask_added_line
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
        if mask.dtype == torch.bool:
            scores = scores.masked_fill(~mask, float("-inf"))
        else:
            scores = scores + mask
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
