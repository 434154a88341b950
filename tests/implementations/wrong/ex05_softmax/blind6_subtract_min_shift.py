"""The shift subtracts the minimum along dim instead of the maximum, so large scores still overflow and a masked -inf entry turns into -inf - (-inf) = NaN for its whole slice.

FIX: Subtract the maximum along dim: x - x.amax(dim=dim, keepdim=True).

Caught by: blind set 6.

Cause: softmax_shift_min
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amin(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
