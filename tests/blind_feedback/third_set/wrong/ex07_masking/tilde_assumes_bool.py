"""MISTAKE: apply_mask negates the mask with ~, which only works for bool masks and fails (or flips bits) for 0/1 integer or float masks.
FIX: Test for blocked entries with mask == 0.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, float("-inf"))
