"""MISTAKE: scales the queries in place (`Q /= sqrt(d_k)`) to save a division, which overwrites the caller's Q.
FIX: scale out of place: `scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)` (or `Q = Q / math.sqrt(d_k)`).

The output and weights are right, but Q has changed after the call (and a Q that
requires grad raises).

Cause: in_place_line
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
    Q /= math.sqrt(d_k)
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
