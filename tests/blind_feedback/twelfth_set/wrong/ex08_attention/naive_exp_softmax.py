"""MISTAKE: Reuses a hand-made softmax that exponentiates the raw scores without subtracting the row maximum; large scores (about > 88 in float32) overflow to inf and the weights become NaN.
FIX: Use torch.softmax(scores, dim=-1), or subtract the row max (keepdim=True) before exp.
"""

from __future__ import annotations

import math

import torch


def _softmax(x: torch.Tensor) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=-1, keepdim=True)


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))  # exp(-inf) = 0
    weights = _softmax(scores)
    return weights @ V, weights
