"""MISTAKE: Ignores the dim argument and always normalises over the last axis (-1), so softmax(x, dim=0) or any other dim returns slices that sum to 1 along the wrong axis.
FIX: Use dim in both the max and the sum: x.amax(dim=dim, keepdim=True) and e.sum(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.max(dim=-1, keepdim=True).values)
    return e / e.sum(dim=-1, keepdim=True)
