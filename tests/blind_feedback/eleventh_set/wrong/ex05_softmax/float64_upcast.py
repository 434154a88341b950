"""MISTAKE: converts x to float64 for extra precision and never converts back, so float32 and float16 inputs come back as float64 tensors.
FIX: cast the result back with .to(x.dtype), or just compute in x's dtype.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.double()
    e = torch.exp(x64 - x64.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
