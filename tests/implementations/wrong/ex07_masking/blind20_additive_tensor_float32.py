"""MISTAKE: apply_mask adds an additive mask made by torch.where from torch.tensor(float('-inf')) and torch.tensor(0.0), both float32, so float16 scores come back float32. Caught by 'float16 scores stay float16'; the line making the float32 tensors is quoted.
FIX: scores.masked_fill(mask == 0, float('-inf')) keeps the scores' dtype.

Cause: made_float32
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    """Build the causal (lower-triangular) mask for a sequence of n tokens."""
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Replace blocked scores by -inf."""
    # additive mask: 0 where allowed, -inf where blocked
    additive = torch.where(mask == 0, torch.tensor(float("-inf")), torch.tensor(0.0))
    return scores + additive.to(scores.device)
