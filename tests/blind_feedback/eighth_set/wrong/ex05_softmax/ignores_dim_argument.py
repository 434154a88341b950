"""MISTAKE: It always normalises over the last axis (-1) and ignores the dim argument, so softmax(x, dim=0) on a 2-D input returns rows that sum to 1 instead of columns.
FIX: Use dim in both the max and the sum: x.amax(dim=dim, keepdim=True) and e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
