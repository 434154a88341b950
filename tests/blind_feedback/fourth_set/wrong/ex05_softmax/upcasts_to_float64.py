"""MISTAKE: Computes the softmax in float64 "for precision" and returns that, so float32 and float16 inputs come back as float64.
FIX: Cast the result back with .to(x.dtype), or compute directly in x's dtype.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.double()
    e = torch.exp(x64 - x64.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
