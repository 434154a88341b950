"""MISTAKE: takes the softmax over dim=-2 (the queries) instead of dim=-1 (the keys), so the columns sum to 1 instead of the rows.
FIX: `torch.softmax(scores, dim=-1)`: each query's weights over the keys must sum to 1.

Any input with n_q > 1 shows it; with a mask, a column blocked for every query gives NaN.

Cause: attn_softmax_queries
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
