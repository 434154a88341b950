"""MISTAKE: treats True in the mask as "blocked" (masked_fill(mask, -inf)), the opposite of the contract where True means "may attend".
FIX: fill where the mask is 0/False: `scores.masked_fill(mask == 0, float("-inf"))`.

Right without a mask; a bool mask blocks exactly the allowed positions, and a float or
integer 0/1 mask raises in masked_fill.

Cause: attn_mask_inverted
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
        scores = scores.masked_fill(mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
