"""MISTAKE: Prevents overflow by clamping the scores at 80 before exp instead of subtracting the maximum, so every score above 80 is treated as 80: large-magnitude rows get equal weights where they should differ (e.g. [1e4, 1e4-1] gives 0.5/0.5, not 0.73/0.27).
FIX: Use the shift rule: exp(x - x.amax(dim, keepdim=True)), which keeps the differences between scores exact.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x.clamp(max=80.0))
    return e / e.sum(dim=dim, keepdim=True)
