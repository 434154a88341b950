"""MISTAKE: Writes the softmax by hand as exp(scores) / sum(exp(scores)) without subtracting the row maximum; in float16 exp overflows to inf for scores above about 11, giving inf/inf = NaN at ordinary score sizes (and large float32 scores overflow too).
FIX: Use torch.softmax, or subtract scores.amax(-1, keepdim=True) before exp.
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
