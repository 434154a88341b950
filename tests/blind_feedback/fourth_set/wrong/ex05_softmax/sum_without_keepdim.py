"""MISTAKE: Sums the exponentials without keepdim=True, so the [..., n] numerator is divided by a [...] denominator that broadcasts along the wrong axis (an error, or silently wrong for square inputs).
FIX: Keep the reduced axis: e.sum(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim)
