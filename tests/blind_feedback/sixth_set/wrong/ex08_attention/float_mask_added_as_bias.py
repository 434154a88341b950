"""MISTAKE: following SDPA's rule for float attn_mask, a non-bool mask is added to the scores as a bias, so a 0/1 mask just shifts allowed scores by +1 and blocks nothing (and a float64 mask promotes float32 scores to float64, so weights @ V then raises).
FIX: Treat every mask as "0 = blocked": scores.masked_fill(mask == 0, float("-inf")) for bool and 0/1 masks alike.
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
        if mask.dtype == torch.bool:
            scores = scores.masked_fill(~mask, float("-inf"))
        else:
            scores = scores + mask
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
