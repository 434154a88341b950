"""MISTAKE: causal_mask uses torch.triu instead of torch.tril, so it allows every query to see the future (j >= i) and blocks the past.
FIX: Build the mask with torch.tril so that True lies on and below the diagonal.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
