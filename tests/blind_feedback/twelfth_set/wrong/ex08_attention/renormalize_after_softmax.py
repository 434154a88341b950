"""MISTAKE: Masks after the softmax by multiplying the weights by the mask and renormalising; a float64 mask turns float32 weights into float64, and when a blocked score dominates the allowed weights underflow to 0 and the row becomes 0/0 = NaN.
FIX: Set blocked scores to -inf with masked_fill before the softmax.
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
        # drop the blocked weights, then make every row sum to 1 again
        weights = weights * mask
        weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V, weights
