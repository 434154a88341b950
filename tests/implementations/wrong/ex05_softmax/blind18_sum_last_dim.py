"""MISTAKE: the max uses `dim` but the sum is hard-coded to dim=-1: wrong whenever dim is not the last axis
FIX: Sum along `dim` too: `e.sum(dim=dim, keepdim=True)`.

Cause: ex05_sum_last
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Numerically stable softmax of `x` along `dim` (same shape, dtype, device as x)."""
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
