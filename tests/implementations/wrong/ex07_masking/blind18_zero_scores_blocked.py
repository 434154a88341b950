"""MISTAKE: apply_mask multiplies scores by the mask and then treats every 0 as blocked, so an allowed score that is exactly 0 also becomes -inf
FIX: Decide the blocked positions from the mask alone: `scores.masked_fill(mask == 0, float('-inf'))`.

Cause: ex07_zero_scores_blocked
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    """Build the causal (lower-triangular) mask for a sequence of n tokens."""
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Replace blocked scores by -inf."""
    kept = scores * mask
    return torch.where(kept == 0, torch.full_like(kept, float("-inf")), kept).to(scores.dtype)
