"""MISTAKE: causal_mask uses tril(..., diagonal=-1), so the diagonal is False: no token may attend to itself, and the first row is blocked entirely (a softmax over it gives NaN).
FIX: Use torch.tril with the default diagonal=0 so that mask[i, i] is True.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones, diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
