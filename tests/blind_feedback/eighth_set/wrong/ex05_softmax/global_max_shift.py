"""MISTAKE: It subtracts the single global max of the whole tensor instead of the max of each slice along dim, so a slice whose scores are all far below the global max underflows to exp(...) = 0 everywhere and gives 0/0 = NaN.
FIX: Subtract the per-slice max: x - x.amax(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
