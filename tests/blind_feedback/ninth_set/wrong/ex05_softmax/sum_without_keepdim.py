"""MISTAKE: The denominator is summed without keepdim=True, so the sums no longer line up with their slices: with the default dim=-1 on an [..., r, c] input each entry is divided by another row's sum (or a shape error when r != c); only single-slice inputs such as 1-D ones come out right.
FIX: Use `e.sum(dim=dim, keepdim=True)` so the sum lines up with the slice it belongs to.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim)
