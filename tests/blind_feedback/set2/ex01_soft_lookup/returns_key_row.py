"""MISTAKE: hard_lookup returns keys[best], the winning key row, instead of values[best], the winning value row.
FIX: Index the values with the argmax of the scores: return values[torch.argmax(keys @ query)].

Cause: ex01_key_row
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
