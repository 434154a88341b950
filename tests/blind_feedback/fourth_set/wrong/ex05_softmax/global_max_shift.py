"""MISTAKE: Subtracts the maximum of the whole tensor instead of the maximum along dim, so a slice whose scores are all far below the global maximum underflows to 0/0 = NaN.
FIX: Shift each slice by its own maximum: x - x.amax(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
