"""MISTAKE: Sums the exponentials with dtype=torch.float32 for accuracy, and dividing by that float32 denominator promotes the result, so float16 inputs return float32 weights (and float64 inputs are rounded to float32).
FIX: Keep the sum in the input's dtype (or cast the result back with .to(x.dtype)).

Cause: dtype_cast
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True, dtype=torch.float32)
