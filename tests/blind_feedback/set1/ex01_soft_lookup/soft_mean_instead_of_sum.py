"""MISTAKE: soft_lookup takes the mean of the weighted value rows, dividing the weighted average by n a second time.
FIX: sum the weighted rows (`(weights[:, None] * values).sum(0)` or `weights @ values`); the softmax already normalises.

Any input with n > 1 shows it: the result is the correct one divided by n.

Cause: ex01_mean_of_weighted
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    weighted = weights.unsqueeze(-1) * values
    return weighted.mean(dim=0)
