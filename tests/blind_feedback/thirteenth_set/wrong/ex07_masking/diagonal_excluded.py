"""MISTAKE: causal_mask uses torch.tril(..., diagonal=-1), so the diagonal is False and no token may attend to itself; the first row is all False and its softmax becomes NaN.
FIX: Use the lower triangle including the diagonal, torch.tril(ones, diagonal=0), so mask[i, j] is True iff j <= i.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    # strictly the past: position i looks at 0..i-1
    return torch.tril(ones, diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
