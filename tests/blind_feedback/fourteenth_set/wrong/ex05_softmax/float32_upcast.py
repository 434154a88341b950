"""MISTAKE: Upcasts x to float32 for numerical safety and never casts back, so float16 (and float64) inputs return float32 instead of keeping their dtype.
FIX: Cast the result back with .to(x.dtype), or compute in x's dtype.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    xf = x.float()
    e = torch.exp(xf - xf.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
