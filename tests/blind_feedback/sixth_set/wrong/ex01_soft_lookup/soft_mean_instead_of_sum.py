"""MISTAKE: soft_lookup multiplies each value row by its weight and then takes the mean over rows instead of the sum, so the result is divided by n.
FIX: Sum the weighted rows (or use weights @ values); the weights already sum to 1.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return (weights[:, None] * values).mean(dim=0)
