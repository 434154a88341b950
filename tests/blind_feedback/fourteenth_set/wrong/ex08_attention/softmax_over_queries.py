"""MISTAKE: The softmax is taken over dim=-2 (the queries) instead of dim=-1 (the keys), so each column sums to 1 instead of each row, and masked rows/columns get the wrong shares.
FIX: Normalise over the keys: torch.softmax(scores, dim=-1).
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
