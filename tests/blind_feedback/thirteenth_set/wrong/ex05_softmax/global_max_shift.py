"""MISTAKE: Subtracts the single max of the whole tensor instead of the max of each slice; a row whose scores are far below the global max (say -1000 vs +1000) underflows to all zeros and gives 0 / 0 = NaN.
FIX: Shift every slice by its own max, x.amax(dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
