"""MISTAKE: Blocked scores are replaced by -1e9 instead of exactly float("-inf"); the result is not -inf where the mask blocks (and softmax of a fully blocked row gives a uniform row instead of NaN).
FIX: Use float("-inf") as the fill value.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # a very large negative number is "minus infinity" for the softmax
    return scores.masked_fill(mask == 0, -1e9)
