"""MISTAKE: It adds (mask == 0) * -inf to the scores, but 0 * -inf is NaN, so every allowed score becomes NaN and with a mask the whole output and weights are NaN.
FIX: Replace blocked scores instead of adding: scores.masked_fill(mask == 0, float("-inf")).
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
        scores = scores + (mask == 0).to(scores.dtype) * float("-inf")
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
