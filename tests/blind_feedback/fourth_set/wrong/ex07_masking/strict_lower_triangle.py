"""MISTAKE: causal_mask passes diagonal=-1 to tril, which blocks the diagonal too, so a token may not attend to itself and the first row is all False.
FIX: Keep the diagonal: torch.tril(..., diagonal=0) (the default).
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones, diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
