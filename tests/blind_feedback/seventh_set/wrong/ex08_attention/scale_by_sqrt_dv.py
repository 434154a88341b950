"""MISTAKE: It divides the scores by sqrt(V.size(-1)) (d_v) instead of sqrt(d_k), so whenever d_v != d_k the softmax gets the wrong temperature and both weights and output are off.
FIX: Read d_k from the queries: d_k = Q.size(-1).
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
