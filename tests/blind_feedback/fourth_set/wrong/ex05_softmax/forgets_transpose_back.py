"""MISTAKE: Moves dim to the end with transpose to work on the last axis, but never transposes the result back, so for any dim other than the last the output has the wrong layout.
FIX: Apply the same transpose(dim, -1) to the result before returning it (or work along dim directly).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    y = x.transpose(dim, -1)
    e = torch.exp(y - y.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
