"""MISTAKE: The mask is read with the key_padding_mask convention (True = ignore this position), so the allowed positions are set to -inf and the blocked ones are kept; with a causal mask the last row is entirely blocked and becomes NaN.
FIX: Block where the mask is 0/False: scores.masked_fill(mask == 0, float("-inf")).
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
        scores = scores.masked_fill(mask.bool(), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
