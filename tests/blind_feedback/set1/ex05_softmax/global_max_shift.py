"""MISTAKE: subtracts the single maximum of the whole tensor instead of the maximum of each slice along dim.
FIX: use `x.amax(dim=dim, keepdim=True)` so every slice gets its own shift.

Fine when all rows have similar scales; a row of small numbers next to a row of 1e4s
underflows to all zeros and the division gives NaN.

Cause: ex05_global_max
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
