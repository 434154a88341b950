"""MISTAKE: causal_mask uses torch.triu instead of torch.tril, so True sits on and above the diagonal: every position may attend to itself and the future, and is blocked from the past.
FIX: Use torch.tril (True where j <= i), the lower triangle including the diagonal.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
