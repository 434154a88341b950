"""MISTAKE: It hard-codes the last axis (-1) for the max and the sum and never uses the `dim` argument, so softmax(x, dim=0) or any other axis normalises the wrong slices.
FIX: Pass `dim=dim` to both the max and the sum.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.max(dim=-1, keepdim=True).values
    e = shifted.exp()
    return e / e.sum(dim=-1, keepdim=True)
