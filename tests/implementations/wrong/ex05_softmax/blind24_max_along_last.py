"""MISTAKE: the max taken along the last axis (amax(dim=-1)) but the sum along dim: for
dim != -1 the shift is not constant within a normalised slice (blind set 24, ex05 w07)
FIX: x.amax(dim=dim, keepdim=True).

Caught by: the dim=0 case.

Cause: ex05_max_last
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Numerically stable softmax of `x` along `dim`."""
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
