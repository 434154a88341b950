"""MISTAKE: exponentiates the raw scores without subtracting the maximum first, so large scores overflow to inf and the slice becomes NaN (inf / inf).
FIX: subtract x.amax(dim=dim, keepdim=True) before torch.exp.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
