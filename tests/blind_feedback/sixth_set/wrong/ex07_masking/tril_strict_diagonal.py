"""MISTAKE: causal_mask uses torch.tril(..., diagonal=-1), which also blocks the diagonal, so every token is forbidden from attending to itself and the first row is all False.
FIX: Use the default diagonal=0 so that mask[i, i] is True.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones, diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
