"""MISTAKE: clamps the exponentials to at least 1e-12 "to avoid zeros", so masked -inf scores get a tiny positive weight instead of exactly 0.
FIX: leave exp's output alone; exp(-inf) = 0 is the intended weight and the denominator is already at least 1.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True)).clamp_min(1e-12)
    return e / e.sum(dim=dim, keepdim=True)
