"""MISTAKE: apply_mask blocks with ~mask, which only works for bool masks; a 0/1 int mask gives ~1 = -2 and a float mask raises, so 0/1 masks of other dtypes fail.
FIX: Test blocked entries with mask == 0, which works for bool and 0/1 masks alike.

Cause: bitwise_not_mask
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, float("-inf"))
