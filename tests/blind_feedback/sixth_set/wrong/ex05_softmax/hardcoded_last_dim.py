"""MISTAKE: The max and the sum always use dim=-1 and ignore the dim argument, so a call like softmax(x, dim=0) normalises the wrong axis.
FIX: Pass dim through to amax and sum.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - x.amax(dim=-1, keepdim=True)
    e = z.exp()
    return e / e.sum(dim=-1, keepdim=True)
