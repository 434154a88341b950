"""MISTAKE: hard_lookup picks the key with the lowest dot product (argmin) instead of the highest, so it returns the value row of the worst match.
FIX: Use torch.argmax(keys @ query) to pick the best-scoring key.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmin(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values

