"""MISTAKE: To avoid overflow it clamps x at 80 instead of subtracting the max, so all scores above 80 collapse to the same value and the weights are wrong (e.g. [100, 200] gives [0.5, 0.5]).
FIX: Use the shift rule, x - x.amax(dim, keepdim=True), which changes nothing mathematically.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(torch.clamp(x, max=80.0))
    return e / e.sum(dim=dim, keepdim=True)
