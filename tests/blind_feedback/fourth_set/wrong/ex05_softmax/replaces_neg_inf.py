"""MISTAKE: Replaces -inf entries by 0 "to avoid NaN" before exponentiating, so masked positions get a real share (exp(0 - max)) instead of exactly 0.
FIX: Leave -inf alone; after subtracting the row maximum, exp(-inf) is exactly 0.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x = torch.where(torch.isinf(x), torch.zeros_like(x), x)
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
