"""MISTAKE: The softmax is taken over dim=-2 (down each column, over the queries) instead of over the keys, so the columns sum to 1 and the rows of the weights do not.
FIX: Normalise over the keys, the last dimension: torch.softmax(scores, dim=-1).
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
    weights = torch.softmax(scores, dim=-2)
    return weights @ V, weights
