"""MISTAKE: It upcasts to float64 for stability and forgets to cast back, so float32/float16 inputs return a float64 tensor.
FIX: Cast the result back with .to(x.dtype), or just compute in x's dtype.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.double()
    e = torch.exp(x64 - x64.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
