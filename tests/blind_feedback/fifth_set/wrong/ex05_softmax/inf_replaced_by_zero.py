"""MISTAKE: "Guards against NaN" by replacing every infinite score with 0 before the softmax, so masked -inf entries get a real positive weight (exp(0 - max)) instead of exactly 0.
FIX: Leave -inf as it is: after subtracting the row maximum, exp(-inf) = 0 gives the masked entry weight exactly 0.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x = torch.where(torch.isinf(x), torch.zeros_like(x), x)
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
