"""MISTAKE: hard-codes the last axis and never uses the dim argument, so softmax(x, dim=0) (or any dim other than -1) normalises the wrong axis.
FIX: pass dim to the max and the sum instead of -1.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.amax(dim=-1, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)
