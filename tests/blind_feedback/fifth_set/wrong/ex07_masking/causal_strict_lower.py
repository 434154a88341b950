"""MISTAKE: Uses torch.tril(..., diagonal=-1), which also blocks the diagonal: a position may not attend to itself, and the first row is entirely False (its softmax becomes NaN).
FIX: Keep the diagonal: torch.tril(ones) with the default diagonal=0.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
