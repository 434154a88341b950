"""MISTAKE: Like HF's "softmax in float32" trick, it upcasts x with `.float()` for stability but never casts the result back, so float16/bfloat16 inputs return float32 and float64 inputs are silently rounded to float32.
FIX: Either skip the cast or return `(e / e.sum(...)).to(x.dtype)` (and do not downcast float64).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x32 = x.float()
    e = torch.exp(x32 - x32.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
