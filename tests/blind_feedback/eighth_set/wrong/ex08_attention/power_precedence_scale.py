"""MISTAKE: the scale is written scores / d_k ** 1/2, which Python parses as (scores / d_k) / 2, so the scores are divided by 2·d_k instead of √d_k and the weights come out far too flat.
FIX: Write d_k ** 0.5 (or math.sqrt(d_k)), with the exponent in parentheses if it is a fraction.
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
    scores = Q @ K.transpose(-2, -1) / d_k ** 1/2
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
