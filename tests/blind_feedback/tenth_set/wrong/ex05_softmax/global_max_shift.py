"""MISTAKE: Subtracts the single global maximum x.max() instead of the maximum of each slice along dim; a slice whose scores are far below the global max underflows to all zeros and comes out as 0/0 = NaN.
FIX: Shift each slice by its own max: x - x.amax(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
