"""MISTAKE: Exponentiates the raw scores without subtracting the maximum first; for large inputs (e.g. 1e4, or anything above ~89 in float32) exp overflows to inf and the weights become NaN.
FIX: Subtract x.amax(dim, keepdim=True) before exp; the result is the same mathematically and cannot overflow.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
