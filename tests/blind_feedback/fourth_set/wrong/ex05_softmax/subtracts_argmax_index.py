"""MISTAKE: Takes element [1] of the (values, indices) pair that x.max(dim, keepdim=True) returns, so it subtracts the argmax position instead of the maximum value; large scores still overflow to NaN.
FIX: Use the values, x.max(dim=dim, keepdim=True).values (or x.amax(dim=dim, keepdim=True)).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shift = x.max(dim=dim, keepdim=True)[1]
    e = torch.exp(x - shift)
    return e / e.sum(dim=dim, keepdim=True)
