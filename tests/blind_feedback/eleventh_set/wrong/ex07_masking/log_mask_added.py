"""MISTAKE: apply_mask adds log(mask) to the scores (log 1 = 0, log 0 = -inf); the values are right, but torch.log turns a bool/int mask into float32 and the addition promotes, so float16 scores come back float32 and float32 scores with a float64 mask come back float64.
FIX: Use scores.masked_fill(mask == 0, float("-inf")), which keeps the scores' dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores + torch.log(mask)
