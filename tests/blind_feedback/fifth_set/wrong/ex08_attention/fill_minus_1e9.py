"""MISTAKE: Masks with masked_fill(mask == 0, -1e9) instead of -inf; that works in float32/float64, but -1e9 cannot be represented in float16, so half-precision inputs with a mask raise an overflow error.
FIX: Fill with float("-inf") (or torch.finfo(scores.dtype).min), which fits every floating dtype.
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
        scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
