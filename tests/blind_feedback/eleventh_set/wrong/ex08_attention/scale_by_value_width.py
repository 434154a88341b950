"""MISTAKE: the scale is read from V (math.sqrt(V.size(-1))) instead of from Q, so whenever d_v differs from d_k the scores are divided by the wrong number and the weights come out too sharp or too flat.
FIX: Use d_k = Q.size(-1).
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
    d = V.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
