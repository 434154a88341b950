"""MISTAKE: It exponentiates x directly without subtracting the max, so large scores (e.g. > 88 in float32) overflow to inf and the result becomes NaN.
FIX: Subtract x.amax(dim, keepdim=True) before torch.exp.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
