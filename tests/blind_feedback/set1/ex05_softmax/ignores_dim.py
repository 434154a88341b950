"""MISTAKE: always normalises over the last axis and ignores the `dim` argument.
FIX: pass `dim` to the max and the sum (`amax(dim=dim, keepdim=True)`, `sum(dim=dim, keepdim=True)`).

Right for the default dim=-1; wrong for dim=0 or a middle axis.

Cause: ex05_dim_ignored
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
