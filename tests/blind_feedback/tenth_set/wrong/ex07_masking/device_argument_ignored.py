"""MISTAKE: causal_mask accepts `device` but never uses it, so the mask is always created on the CPU; asking for "meta" or "cuda" returns a CPU tensor, and masking scores on that device then fails.
FIX: Create the tensor with device=device (torch.ones(n, n, dtype=torch.bool, device=device)).
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.ones(n, n, dtype=torch.bool)
    return torch.tril(mask)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
