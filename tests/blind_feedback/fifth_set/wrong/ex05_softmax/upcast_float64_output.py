"""MISTAKE: Computes the softmax in float64 for extra stability and returns that result, so float32 inputs come back as float64.
FIX: Compute in the input dtype, or cast the result back with .to(x.dtype).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.double()
    e = torch.exp(x64 - x64.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
