"""MISTAKE: causal_mask calls torch.tril with diagonal=-1, so the diagonal is blocked and every token loses itself (the first row is entirely False).
FIX: Use the default diagonal=0 so each position may attend to itself as well as the past.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))

