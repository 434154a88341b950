"""MISTAKE: Fills blocked positions with -1e9 (a common "large negative" habit) instead of exactly -inf; the returned scores are finite where they should be -inf, and -1e9 does not even fit in float16.
FIX: Fill with float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, -1e9)
