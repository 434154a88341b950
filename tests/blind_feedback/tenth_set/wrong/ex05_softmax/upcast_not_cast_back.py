"""MISTAKE: Upcasts to float32 for a stable softmax (as HuggingFace does) but never casts the result back, so float16/bfloat16 inputs return float32 and float64 inputs are rounded down to float32.
FIX: Compute in the input dtype, or end with .to(x.dtype) (and never downcast float64).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x32 = x.float()
    e = torch.exp(x32 - x32.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
