"""MISTAKE: The mask is applied after the softmax by multiplying the weights with it, so blocked weights are 0 but the remaining weights of a masked row no longer sum to 1 and the output is scaled down.
FIX: Set blocked scores to -inf before the softmax (masked_fill(mask == 0, -inf)).
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
        weights = weights * (mask != 0).to(weights.dtype)
    return weights @ V, weights
