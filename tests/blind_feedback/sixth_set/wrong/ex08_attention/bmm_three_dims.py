"""MISTAKE: the products use torch.bmm, which only accepts exactly one batch dimension (3-D tensors), so unbatched [n, d] inputs and inputs with two or more batch dimensions raise instead of working.
FIX: Use @ / torch.matmul with K.transpose(-2, -1), which handle any number of leading dimensions.
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
    scores = torch.bmm(Q, K.transpose(1, 2)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = torch.bmm(weights, V)
    return output, weights
