"""MISTAKE: hard_lookup finds the best-scoring item correctly but returns its key row keys[i] instead of its value row values[i], so the result has width d instead of d_v and holds the wrong vector.
FIX: Index the values with the argmax: return values[torch.argmax(keys @ query)].
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
