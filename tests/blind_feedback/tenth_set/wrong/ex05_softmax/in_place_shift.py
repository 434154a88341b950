"""MISTAKE: Shifts by the max with x -= m (a numpy habit), which changes the caller's tensor in place (and raises for a leaf tensor that requires grad); the returned weights are right but the input is left shifted.
FIX: Write the shift out of place: z = x - x.amax(dim=dim, keepdim=True).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    x -= m
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
