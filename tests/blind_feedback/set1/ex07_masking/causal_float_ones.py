"""MISTAKE: causal_mask returns the float 0/1 matrix from torch.tril(torch.ones(n, n)) (as in the lesson) instead of a torch.bool tensor.
FIX: create the ones with `dtype=torch.bool` (or call `.bool()` on the result).

The pattern is right, so apply_mask still works with it; but the contract asks for a
bool tensor and the result is float32.

Cause: ex07_not_bool
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
