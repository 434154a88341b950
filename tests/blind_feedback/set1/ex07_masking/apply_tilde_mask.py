"""MISTAKE: apply_mask negates the mask with `~mask`, which only means "blocked" for bool masks; on a 0/1 mask of another dtype it is a bitwise not or an error.
FIX: test for blocked entries with `mask == 0`, which works for bool and 0/1 masks alike.

Right for bool masks; a float 0/1 mask raises, an integer 0/1 mask raises in masked_fill.

Cause: bitwise_not_mask
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, float("-inf"))
