"""MISTAKE: hard_lookup returns values[i:i+1], a slice of length one, which keeps the first axis: shape [1, d_v] instead of [d_v].
FIX: Index with the position itself, `values[i]`.

Caught by: blind set 22 (every hard_lookup case: the shape has an extra size-1 dimension in front).

Cause: slice_of_one
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    i = torch.argmax(scores)
    return values[i:i + 1]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
