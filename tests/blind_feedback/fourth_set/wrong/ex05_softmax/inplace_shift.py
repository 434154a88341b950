"""MISTAKE: Subtracts the maximum with the in-place -= operator, which changes the caller's input tensor.
FIX: Write shifted = x - x.amax(dim=dim, keepdim=True) into a new tensor.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    e = x.exp()
    return e / e.sum(dim=dim, keepdim=True)
