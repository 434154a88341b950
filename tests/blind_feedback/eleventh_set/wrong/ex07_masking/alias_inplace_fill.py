"""MISTAKE: apply_mask assigns `masked = scores` (a second name, not a copy) and then calls masked_fill_, so the caller's scores tensor is overwritten with -inf (and a leaf that requires grad raises).
FIX: Use the out-of-place scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    masked = scores
    masked.masked_fill_(mask == 0, float("-inf"))
    return masked
