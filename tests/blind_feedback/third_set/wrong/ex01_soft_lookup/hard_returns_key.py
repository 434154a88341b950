"""MISTAKE: hard_lookup returns the best-matching key row instead of its value row.
FIX: Index values, not keys, with the argmax.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
