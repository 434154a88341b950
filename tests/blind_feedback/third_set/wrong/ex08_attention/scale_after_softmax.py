"""MISTAKE: The division by sqrt(d_k) is applied to the weights after the softmax instead of to the scores before it.
FIX: Divide the scores by sqrt(d_k) before the softmax.
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
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1) / math.sqrt(d_k)
    return weights @ V, weights
