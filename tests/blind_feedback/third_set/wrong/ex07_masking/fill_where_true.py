"""MISTAKE: apply_mask fills -inf where the mask is True, inverting the kit's True = may attend convention (as in codebases where True means padding).
FIX: Fill where the mask is 0/False: masked_fill(mask == 0, -inf).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask.bool(), float("-inf"))
