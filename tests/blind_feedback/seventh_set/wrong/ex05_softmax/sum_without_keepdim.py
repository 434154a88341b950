"""MISTAKE: It sums without keepdim=True, so the denominator broadcasts against the wrong axis: with dim=-1, square inputs silently divide entry [i, j] by the sum of row j, other shapes raise.
FIX: Use e.sum(dim=dim, keepdim=True) so the denominator lines up with its slice.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim)
