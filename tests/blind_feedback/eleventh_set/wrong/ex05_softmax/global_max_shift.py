"""MISTAKE: subtracts the maximum of the whole tensor instead of the maximum of each slice along dim; a slice whose scores are all far below the global maximum underflows to all zeros and gives 0 / 0 = NaN.
FIX: use x.amax(dim=dim, keepdim=True), one maximum per slice.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
