"""MISTAKE: It subtracts the max with `x -= ...`, which modifies the caller's tensor in place (and raises for a leaf that requires grad), although the returned weights are right.
FIX: Shift out of place: `shifted = x - x.amax(dim=dim, keepdim=True)`.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
