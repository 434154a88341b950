"""MISTAKE: The maximum is taken with x.max(dim=dim) without keepdim, so the reduced tensor broadcasts against the wrong axis: batched inputs raise a shape error or, when sizes happen to match, subtract another row's maximum and overflow.
FIX: Use x.amax(dim=dim, keepdim=True) so the maximum lines up with its own slice.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.max(dim=dim).values
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
