"""MISTAKE: Adds log(mask) to the scores (log 1 = 0, log 0 = -inf); the values are right, but type promotion makes the result float64 when a float64 0/1 mask is applied to float32 scores, so the output dtype follows the mask.
FIX: Keep scores' dtype, e.g. scores.masked_fill(mask == 0, float("-inf")) (or cast log(mask) to scores.dtype).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # log(1) = 0 keeps a score, log(0) = -inf blocks it; works for bool and 0/1 masks
    return scores + torch.log(mask)
