"""MISTAKE: causal_mask uses tril(diagonal=-1), which blocks the diagonal so a token cannot attend to itself (and row 0 is all False).
FIX: Keep the diagonal: torch.tril(..., diagonal=0).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
