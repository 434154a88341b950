"""MISTAKE: causal_mask uses torch.tril(..., diagonal=-1), reading "only the past" as strictly earlier positions, so the diagonal is False and no token may attend to itself; row 0 is entirely False, which becomes an all -inf row (NaN after softmax).
FIX: Keep the diagonal: torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)) with the default diagonal=0.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
