"""MISTAKE: apply_mask adds log(mask) as an additive float mask (0 where allowed, -inf where blocked); the addition promotes the dtype, so float16 scores come back float32 and a float64 mask turns float32 scores into float64.
FIX: Use scores.masked_fill(mask == 0, float("-inf")), which keeps scores' dtype whatever the mask's dtype.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    additive = torch.log(mask.float() if mask.dtype == torch.bool else mask)
    return scores + additive
