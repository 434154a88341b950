"""MISTAKE: The computation is done in float64 for accuracy (x.double()) and the result is never cast back, so float32 and half inputs return a float64 tensor.
FIX: Cast the result back with .to(x.dtype), or compute in x's own dtype.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    xd = x.double()
    e = torch.exp(xd - xd.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
