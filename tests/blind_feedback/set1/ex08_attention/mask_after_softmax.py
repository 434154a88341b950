"""MISTAKE: applies the mask after the softmax by zeroing the blocked weights, so the remaining weights no longer sum to 1.
FIX: mask the scores before the softmax: `scores.masked_fill(mask == 0, float("-inf"))`, then softmax.

Without a mask it is right; with any mask that blocks something the rows sum to less
than 1 and the output differs from PyTorch's.

Cause: attn_mask_after_softmax
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
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights.masked_fill(mask == 0, 0.0)
    return weights @ V, weights
