"""MISTAKE: the mask is applied after the softmax (weights multiplied by the mask, then renormalised) instead of setting blocked scores to -inf before it; when a blocked score is much larger than the allowed ones, the allowed weights underflow to 0 and the row becomes 0/0 = NaN or loses its precision.
FIX: Set blocked scores to -inf with masked_fill before the softmax and drop the renormalisation.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        keep = (mask != 0).to(weights.dtype)
        weights = weights * keep
        weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V, weights
