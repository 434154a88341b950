"""MISTAKE: Builds the mask with torch.triu instead of torch.tril, so True sits on and above the diagonal: each position may attend to itself and the FUTURE, and the past is blocked.
FIX: Use torch.tril so that mask[i, j] is True exactly when j <= i.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
