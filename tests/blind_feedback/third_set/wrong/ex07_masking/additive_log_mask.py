"""MISTAKE: apply_mask adds log(mask) as an additive mask, so a float64 mask (or the float32 log of a bool mask) changes the scores' dtype.
FIX: Use masked_fill(mask == 0, -inf), which keeps the scores' dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores + torch.log(mask.float() if mask.dtype == torch.bool else mask)
