"""MISTAKE: causal_mask returns the lesson's float tril(ones(n, n)) instead of a torch.bool tensor.
FIX: Create the ones with dtype=torch.bool (or compare the result with > 0).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
