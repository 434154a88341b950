"""MISTAKE: Subtracts the max with the in-place x -= ..., which overwrites the caller's scores with the shifted ones (and raises for a leaf tensor that requires grad); the returned weights are right but the input is changed.
FIX: Write shifted = x - x.amax(dim, keepdim=True), a new tensor.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
