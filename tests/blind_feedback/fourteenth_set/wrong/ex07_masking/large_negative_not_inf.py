"""MISTAKE: apply_mask fills blocked scores with -1e9 (a habit from other code bases) instead of exactly -inf; the result is not -inf where blocked, and in float16 -1e9 cannot even be represented, so masked_fill raises an overflow error.
FIX: Fill blocked positions with float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, -1e9)
