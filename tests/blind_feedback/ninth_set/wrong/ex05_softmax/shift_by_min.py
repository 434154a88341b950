"""MISTAKE: It shifts by the minimum ("make every score non-negative") instead of the maximum; this does not prevent overflow for widely spread scores, and any slice containing a masked -inf gives x - (-inf) = inf and -inf - (-inf) = NaN, so the whole slice becomes NaN.
FIX: Subtract the maximum along `dim`, `x.amax(dim=dim, keepdim=True)`.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amin(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
