"""MISTAKE: It exponentiates the raw scores without subtracting the maximum first; small inputs are fine, but any score above about 88 (float32) overflows to inf and the slice becomes NaN (inf / inf).
FIX: Subtract `x.amax(dim=dim, keepdim=True)` before `torch.exp`.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
