"""MISTAKE: Replaces infinite scores by 0 to "avoid NaN", so a masked -inf score becomes an ordinary score of 0 and gets a positive weight instead of exactly 0 (the other weights shrink accordingly).
FIX: Leave -inf in place: after subtracting the max, exp(-inf) is already exactly 0.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x = torch.where(torch.isinf(x), torch.zeros_like(x), x)
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
