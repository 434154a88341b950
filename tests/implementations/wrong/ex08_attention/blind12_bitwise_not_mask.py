"""MISTAKE: Inverts the mask with ~mask, which only means "not" for bool masks; a 0/1 float mask raises, and an integer 0/1 mask becomes -1/-2 (not a bool index), so 0/1 masks of other dtypes fail.
FIX: Test blocked entries with mask == 0, which works for bool and 0/1 of any dtype.

Cause: bitwise_not_mask
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
        scores = scores.masked_fill(~mask, float("-inf"))  # block where mask is False
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
