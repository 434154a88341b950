"""MISTAKE: softmax subtracts the max of the whole tensor instead of the max along dim, so a row far below the global max underflows to 0/0 = NaN.
FIX: Take the max along dim with keepdim=True.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
