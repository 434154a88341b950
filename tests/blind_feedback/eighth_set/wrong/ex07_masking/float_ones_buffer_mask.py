"""MISTAKE: causal_mask returns torch.tril(torch.ones(n, n)) as nanoGPT's bias buffer does, a float32 0/1 tensor rather than the required torch.bool mask.
FIX: Create the ones with dtype=torch.bool (or convert the result with .bool()) before returning it.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
