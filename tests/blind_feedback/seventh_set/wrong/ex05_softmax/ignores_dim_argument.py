"""MISTAKE: It hard-codes the last axis (-1) for the max and the sum and ignores the dim argument, so softmax(x, dim=0) normalises along the wrong axis.
FIX: Pass dim to amax and sum instead of -1.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x - x.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
