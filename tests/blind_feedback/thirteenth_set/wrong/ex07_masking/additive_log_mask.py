"""MISTAKE: apply_mask adds log(mask) to the scores (log 1 = 0, log 0 = -inf); the values are right, but the addition promotes the dtype, so float16 scores with a bool mask, or float32 scores with a float64 mask, come back in a wider dtype.
FIX: Select instead of adding: scores.masked_fill(mask == 0, float("-inf")) keeps the scores' dtype whatever the mask's dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # 1 -> log(1) = 0 keeps the score, 0 -> log(0) = -inf blocks it
    return scores + torch.log(mask)
