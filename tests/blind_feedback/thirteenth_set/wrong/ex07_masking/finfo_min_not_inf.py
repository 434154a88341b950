"""MISTAKE: apply_mask writes torch.finfo(dtype).min (the trick used by some model code) instead of -inf, so blocked scores are a huge finite number and not exactly -inf as the contract requires.
FIX: Fill the blocked positions with exactly float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    very_negative = torch.finfo(scores.dtype).min
    return scores.masked_fill(mask == 0, very_negative)
