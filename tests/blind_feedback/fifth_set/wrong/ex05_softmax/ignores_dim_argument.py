"""MISTAKE: Hard-codes the last axis (-1) for the max and the sum and never uses the dim argument, so softmax(x, dim=0) normalises the rows instead of the columns.
FIX: Pass dim to both reductions: x.amax(dim=dim, keepdim=True) and e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
