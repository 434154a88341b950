"""MISTAKE: causal_mask returns the lesson's torch.tril(torch.ones(n, n)), a float32 0/1 matrix, instead of a torch.bool tensor; the pattern is right but the dtype breaks the contract.
FIX: Create the ones with dtype=torch.bool (or call .bool() on the result).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
