"""MISTAKE: causal_mask uses torch.triu, so True sits on and ABOVE the diagonal: every position may see the future but not the past.
FIX: use `torch.tril` (True on and below the diagonal).

Only n = 1 passes; every larger n gives the transposed pattern.

Cause: ex07_triu
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
