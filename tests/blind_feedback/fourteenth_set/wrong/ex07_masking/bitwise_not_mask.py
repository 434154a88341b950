"""MISTAKE: apply_mask finds the blocked entries with ~mask, which only works for bool masks: for a 0/1 float mask ~ raises, and for a 0/1 integer mask ~1 = -2 and ~0 = -1 are not bool, so masked_fill rejects them.
FIX: Test blocked entries with mask == 0, which gives a bool tensor for bool and 0/1 masks of any dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, float("-inf"))
