"""MISTAKE: Computes in float64 for accuracy but never casts the result back, so float32, float16 and bfloat16 inputs return float64 weights. The values are fine; the dtype is wrong for every non-float64 input.
FIX: Either compute in x's dtype or end with .to(x.dtype).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.double()                 # more precision for the exp and the sum
    m = x64.amax(dim=dim, keepdim=True)
    e = torch.exp(x64 - m)
    return e / e.sum(dim=dim, keepdim=True)
