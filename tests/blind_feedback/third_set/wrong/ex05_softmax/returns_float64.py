"""MISTAKE: softmax upcasts to float64 for stability and forgets to cast the result back to the input dtype.
FIX: Cast back with .to(x.dtype) (or compute in x's dtype).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x64 = x.to(torch.float64)
    e = torch.exp(x64 - x64.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
