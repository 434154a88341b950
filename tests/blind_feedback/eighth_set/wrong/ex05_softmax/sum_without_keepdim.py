"""MISTAKE: It divides by e.sum(dim) without keepdim=True, so the sums broadcast along the wrong axis: it raises when the shapes do not line up and, for a square [n, n] input, divides each column j by the sum of row j instead of each row by its own sum.
FIX: Keep the reduced axis: e / e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim)
