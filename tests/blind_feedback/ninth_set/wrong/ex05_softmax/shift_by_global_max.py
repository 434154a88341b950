"""MISTAKE: It subtracts the single largest entry of the whole tensor (`x.max()`) instead of each slice's own maximum; that is still shift-invariant, but a slice whose scores all lie far below the global max (more than about 104 in float32) underflows to all zeros and becomes NaN (0 / 0).
FIX: Take the max along `dim` with keepdim: `x.amax(dim=dim, keepdim=True)`.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max())
    return e / e.sum(dim=dim, keepdim=True)
