"""MISTAKE: Turns the mask into an additive float bias (0 allowed, -inf blocked) and adds it to the scores, so a float64 mask promotes float32 scores to float64 (and the float32 bias promotes float16 ones), and weights @ V then fails on mismatched dtypes.
FIX: Use scores.masked_fill(mask == 0, float('-inf')) (or torch.where), which never changes the scores' dtype.
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
        bias = torch.zeros_like(mask, dtype=mask.dtype if mask.is_floating_point() else torch.float32)
        bias = bias.masked_fill(mask == 0, float("-inf"))
        scores = scores + bias
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
