"""MISTAKE: Exponentiates the raw scores without subtracting the max; exp overflows to inf for large scores (above ~88 in float32, ~11 in float16) and inf / inf gives NaN.
FIX: Subtract x.amax(dim, keepdim=True) before torch.exp.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
