"""MISTAKE: causal_mask copies the lesson's torch.tril(torch.ones(n, n)) and returns a float32 0/1 tensor instead of torch.bool; the pattern is right but the dtype breaks the contract (and anything that does ~mask or uses it as a bool index).
FIX: Create the ones with dtype=torch.bool (or compare) so the mask is a bool tensor.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
