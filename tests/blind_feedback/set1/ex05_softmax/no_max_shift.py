"""MISTAKE: exponentiates the raw scores without subtracting the maximum first, so large inputs overflow.
FIX: compute `torch.exp(x - x.amax(dim=dim, keepdim=True))` before normalising.

Correct on small inputs; with scores around 100 (float32) or 1e4 exp gives inf and the
result is NaN.

Cause: softmax_no_shift
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
