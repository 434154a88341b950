"""The exponentials use torch.exp2 (the FlashAttention trick) without first multiplying the scores by log2(e), so the result is a base-2 softmax whose weights are too flat.

FIX: Use torch.exp, or multiply the shifted scores by math.log2(math.e) before exp2.

Caught by: blind set 6.

Cause: softmax_exp2
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - x.amax(dim=dim, keepdim=True)
    e = torch.exp2(z)
    return e / e.sum(dim=dim, keepdim=True)
