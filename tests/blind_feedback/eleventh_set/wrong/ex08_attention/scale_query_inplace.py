"""MISTAKE: to save work the queries are scaled before the product with `Q /= math.sqrt(d_k)`, which divides the caller's Q tensor in place (and raises for a Q that requires grad).
FIX: Scale out of place: Q = Q / math.sqrt(d_k), or divide the scores.
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
    Q /= math.sqrt(Q.size(-1))
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
