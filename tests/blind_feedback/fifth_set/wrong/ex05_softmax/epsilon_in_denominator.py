"""MISTAKE: Adds an epsilon of 1e-6 to the denominator "to avoid division by zero" (which cannot happen after the max shift, as the sum is at least 1), so every weight is slightly too small and the slices sum to about 1 - 1e-6 instead of 1.
FIX: Divide by the plain sum e.sum(dim, keepdim=True); after the shift it is always >= 1.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / (e.sum(dim=dim, keepdim=True) + 1e-6)
