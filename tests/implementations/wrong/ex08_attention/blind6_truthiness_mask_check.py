"""the optional mask is tested with `if mask:` instead of `if mask is not None:`, so any mask with more than one element raises "Boolean value of Tensor with more than one value is ambiguous" (and a one-element False mask would be silently skipped).

FIX: Test `if mask is not None:`.

Caught by: blind set 6.

Cause: tensor_truth
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
    if mask:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
