"""MISTAKE: The causal mask is built with diagonal=-1, so a token may not attend to itself; the first row is all False and becomes a row of -inf (NaN after softmax).
FIX: Use torch.tril with the default diagonal=0 so mask[i, i] is True.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    # position i may only look at the tokens before it, never at itself
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones, diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
