"""MISTAKE: It exponentiates the raw scores without subtracting the max first, so large scores overflow to inf and the result becomes NaN (e.g. x = [1000, 1000]).
FIX: Subtract x.amax(dim=dim, keepdim=True) before torch.exp.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
