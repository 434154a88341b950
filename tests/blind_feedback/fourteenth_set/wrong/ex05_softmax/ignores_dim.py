"""MISTAKE: Hard-codes dim=-1 for the max and the sum, ignoring the dim argument; softmax(x, dim=0) on a 2-d tensor normalises the rows instead of the columns.
FIX: Use the given dim in both amax and sum.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
