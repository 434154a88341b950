"""MISTAKE: hard_lookup takes the argmax of the element-wise product keys * query without summing over d, so the flat index into the [n, d] grid is used as a row number and picks the wrong row or runs out of range.
FIX: Sum over the feature axis first (keys @ query) and take the argmax of the n scores.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    best = torch.argmax(keys * query)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=-1)
    return weights @ values
