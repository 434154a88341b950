"""MISTAKE: The softmax is written by hand as exp(s) / sum(exp(s)) without subtracting the row maximum; large scores overflow to inf (already above about 11 in float16, 88 in float32) and the weights become NaN.
FIX: Subtract the max along the keys before exp (or use torch.softmax(scores, dim=-1)).
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
        scores = scores.masked_fill(mask == 0, float("-inf"))
    e = torch.exp(scores)
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
