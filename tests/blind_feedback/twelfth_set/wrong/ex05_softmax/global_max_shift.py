"""MISTAKE: Subtracts the single largest entry of the whole tensor (x.max()) instead of the maximum of each slice along dim. Mathematically still a valid shift, but a slice whose scores are far below the global maximum (e.g. rows [1000, 1001] and [0, 1]) underflows to all zeros and gives 0/0 = NaN.
FIX: Take the maximum along dim with keepdim=True, so every slice gets its own shift.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.max()            # largest score becomes 0, nothing can overflow
    e = torch.exp(shifted)
    return e / torch.sum(e, dim=dim, keepdim=True)
