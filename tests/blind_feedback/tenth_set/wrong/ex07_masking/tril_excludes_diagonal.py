"""MISTAKE: causal_mask uses torch.tril(..., diagonal=-1), which leaves the diagonal False, so a token may not attend to itself and the first row is entirely blocked (its softmax becomes NaN downstream).
FIX: Use the default diagonal=0 so that mask[i, j] is True for j <= i, the diagonal included.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones, diagonal=-1)  # only the past


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
