"""MISTAKE: causal_mask uses torch.triu, which marks the diagonal and everything above it (the future) as allowed instead of the past.
FIX: Use the lower triangle: torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)).
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
