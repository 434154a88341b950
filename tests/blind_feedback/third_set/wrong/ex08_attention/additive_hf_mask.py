"""MISTAKE: The mask is turned into an additive bias (1 - mask) * -10000 as in old BERT code, which fails for bool masks and lets a float64 mask promote the scores to float64 so that weights @ V breaks.
FIX: Use scores.masked_fill(mask == 0, float('-inf')).
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
        scores = scores + (1.0 - mask) * -10000.0
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
