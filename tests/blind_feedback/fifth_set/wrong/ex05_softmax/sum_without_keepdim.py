"""MISTAKE: Takes the denominator with e.sum(dim) without keepdim=True, so the dropped axis makes the division broadcast along the wrong axis: it raises for most shapes and, for square slices, silently divides entry [i, j] by the sum of row j.
FIX: Keep the reduced axis: e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim)
