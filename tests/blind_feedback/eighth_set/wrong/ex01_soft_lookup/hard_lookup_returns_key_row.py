"""MISTAKE: hard_lookup indexes keys instead of values with the winning index, so it returns the best key vector (width d) rather than that item's value row (width d_v).
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
