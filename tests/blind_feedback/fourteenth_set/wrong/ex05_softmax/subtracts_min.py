"""MISTAKE: Shifts by the minimum instead of the maximum; the largest term becomes exp(max - min), which overflows for a wide spread, and a masked -inf entry makes x - (-inf) = inf, so the whole slice turns NaN.
FIX: Subtract the max along dim, so the largest exponent is exp(0) = 1.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amin(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
