"""MISTAKE: Sums along dim without keepdim=True, so the denominator [..., ] broadcasts against the wrong axis: for a square [n, n] input each column is divided by a row sum (wrong values), for other shapes it errors; only 1-d inputs work.
FIX: Keep the reduced axis: e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim)
