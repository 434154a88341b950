"""MISTAKE: Sums without keepdim=True, so the denominator of shape [..., m] broadcasts against the wrong axis: for a square [n, n] input entry [i, j] is divided by the sum of row j, and other shapes raise a broadcasting error. Only 1-D inputs come out right.
FIX: Keep the reduced dimension (e.sum(dim, keepdim=True)) so every slice is divided by its own sum.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim)
