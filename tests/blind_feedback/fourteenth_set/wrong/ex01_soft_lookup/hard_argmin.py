"""MISTAKE: hard_lookup takes torch.argmin of the scores, so it returns the value row of the worst-matching key instead of the best one.
FIX: Pick the row with torch.argmax(keys @ query).
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmin(scores)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
