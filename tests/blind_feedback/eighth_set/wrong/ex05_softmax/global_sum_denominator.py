"""MISTAKE: It divides by e.sum() over the whole tensor instead of along dim, so for any input with more than one slice the entire tensor sums to 1 rather than each slice.
FIX: Sum along the axis only: e / e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum()
