"""MISTAKE: apply_mask sets blocked scores to 0 instead of -inf, so after the softmax they still get weight exp(0) > 0.
FIX: fill with `float("-inf")`.

Any mask with a blocked position shows it.

Cause: ex07_zero_fill
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, 0.0)
