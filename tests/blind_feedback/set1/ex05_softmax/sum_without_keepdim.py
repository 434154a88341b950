"""MISTAKE: the sum is taken without keepdim=True, so the division broadcasts the row sums along the wrong axis.
FIX: use `e.sum(dim=dim, keepdim=True)`.

Raises for most non-square inputs; for square inputs (n x n) it silently divides each
column by a row's sum and the slices no longer add up to 1.

Cause: ex05_no_keepdim
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim)
