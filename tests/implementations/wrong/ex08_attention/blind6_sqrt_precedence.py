"""the scale is written `scores / d_k ** 1 / 2`, which Python parses as (scores / d_k) / 2, so the scores are divided by 2 * d_k instead of sqrt(d_k) and the softmax comes out far too flat.

FIX: Write scores / d_k ** 0.5 (or scores / math.sqrt(d_k)).

Caught by: blind set 6.

Cause: ex04_precedence
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
    d_k = Q.shape[-1]
    scores = (Q @ K.transpose(-2, -1)) / d_k ** 1 / 2
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = scores.softmax(dim=-1)
    return weights @ V, weights
