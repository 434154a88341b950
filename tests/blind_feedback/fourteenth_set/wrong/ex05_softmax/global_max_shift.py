"""MISTAKE: Subtracts the max of the whole tensor (x.max()) rather than the max of each slice along dim; a slice whose scores are far below the global max underflows to all zeros and gives 0/0 = NaN.
FIX: Subtract the per-slice max: x.amax(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
