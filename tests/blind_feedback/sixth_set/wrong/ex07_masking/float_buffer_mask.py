"""MISTAKE: causal_mask returns torch.tril(torch.ones(n, n)) like nanoGPT's registered `bias` buffer, a float32 0/1 tensor instead of the required torch.bool mask.
FIX: Build it with dtype=torch.bool (or call .bool() on the result).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
