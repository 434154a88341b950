"""MISTAKE: The mask is turned into an additive bias with torch.log(mask) (0 where allowed, -inf where blocked) and added to the scores; the values would be right, but the addition promotes the scores to the mask's float dtype, so a float64 0/1 mask on float32 inputs (or a bool mask on float16 inputs) gives weights of another dtype than V and weights @ V raises.
FIX: Keep the scores' dtype by using scores.masked_fill(mask == 0, float("-inf")) instead of adding a float tensor.
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
        scores = scores + torch.log(mask)  # log(1) = 0, log(0) = -inf
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
