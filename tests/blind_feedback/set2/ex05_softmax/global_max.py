"""MISTAKE: The shift uses the global max x.max() over the whole tensor instead of the max along dim, so a slice whose values are far below the global max underflows to all zeros and gives 0/0 = NaN.
FIX: Subtract x.amax(dim=dim, keepdim=True).

Cause: ex05_global_max
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.max()
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=dim, keepdim=True)
