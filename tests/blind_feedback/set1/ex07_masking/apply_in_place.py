"""MISTAKE: apply_mask uses masked_fill_ (in place), overwriting the caller's scores.
FIX: use the out-of-place `scores.masked_fill(mask == 0, float("-inf"))`.

The returned tensor is right; the input scores have been changed too.

Cause: in_place_line
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill_(mask == 0, float("-inf"))
