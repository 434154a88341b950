"""MISTAKE: soft_lookup averages the weighted value rows with .mean(0) instead of summing them, so the result is the correct blend divided by n.
FIX: Sum the weighted rows (or use weights @ values); the softmax weights already average.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return (weights[:, None] * values).mean(dim=0)

