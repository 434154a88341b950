"""MISTAKE: softmax subtracts the minimum instead of the maximum, which overflows for wide ranges and turns -inf entries into NaN.
FIX: Subtract the maximum along dim.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amin(dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
