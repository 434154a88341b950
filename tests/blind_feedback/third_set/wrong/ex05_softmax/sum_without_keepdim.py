"""MISTAKE: softmax sums without keepdim=True, so the denominator broadcasts along the wrong axis (or fails to broadcast).
FIX: Use e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim)
