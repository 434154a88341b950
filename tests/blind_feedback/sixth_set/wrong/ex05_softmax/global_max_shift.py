"""MISTAKE: The shift subtracts the maximum of the whole tensor instead of the maximum along dim, so a row whose scores are far below the global maximum underflows to all zeros and gives 0/0 = NaN.
FIX: Subtract x.amax(dim=dim, keepdim=True), the maximum of each slice.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
