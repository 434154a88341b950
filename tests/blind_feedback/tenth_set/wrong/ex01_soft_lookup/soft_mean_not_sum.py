"""MISTAKE: soft_lookup multiplies each value row by its weight and then takes the mean over the rows instead of the sum, so the result is the correct weighted average divided by n.
FIX: Sum the weighted rows (or just return weights @ values); the softmax weights already add up to 1.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    weighted = weights[:, None] * values
    return weighted.mean(dim=0)
