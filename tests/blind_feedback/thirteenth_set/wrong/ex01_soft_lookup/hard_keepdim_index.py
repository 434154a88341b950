"""MISTAKE: hard_lookup takes the argmax with keepdim=True, so indexing with that 1-element index tensor returns a [1, d_v] matrix instead of the [d_v] value row.
FIX: Index values with the scalar argmax so one row of shape [d_v] comes back.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = scores.argmax(dim=0, keepdim=True)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
