"""MISTAKE: causal_mask calls torch.tril with diagonal=-1, which also blocks the diagonal, so a token may not attend to itself and the first row is entirely False.
FIX: Use torch.tril with the default diagonal=0 so each position sees itself and the past.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
