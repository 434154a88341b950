"""MISTAKE: Exponentiates the raw scores without subtracting the max first; mathematically the same, but large scores overflow (exp(89) = inf in float32, exp(12) in float16) and inf / inf gives NaN.
FIX: Subtract x.amax(dim, keepdim=True) before torch.exp.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
