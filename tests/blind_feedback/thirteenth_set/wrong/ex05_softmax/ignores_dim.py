"""MISTAKE: Hard-codes the last axis (-1) for the max and the sum and never uses the dim argument, so softmax(x, dim=0) (or any other axis) normalises the wrong slices.
FIX: Pass dim to amax and sum.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.amax(dim=-1, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)
