"""MISTAKE: `out = scores` does not copy, so the boolean-index assignment writes -inf into the caller's scores tensor (and raises for a leaf tensor that requires grad); the returned values are right but the input is modified in place.
FIX: Return a new tensor, e.g. scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    blocked = (mask == 0).expand_as(scores)
    out = scores
    out[blocked] = float("-inf")
    return out
