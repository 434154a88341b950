"""MISTAKE: Subtracts the maximum of the whole tensor (x.max()) instead of the maximum of each slice along dim; a row whose scores are far below the global maximum underflows to all zeros and gives 0/0 = NaN.
FIX: Subtract the per-slice maximum, x.amax(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
