"""MISTAKE: Sums along dim without keepdim=True, so the denominator loses that axis and broadcasts against the wrong one: non-square inputs raise, and square [n, n] inputs divide each column by a row's sum, so the rows no longer add up to 1.
FIX: Keep the reduced axis: e / e.sum(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim)
