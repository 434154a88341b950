"""soft_lookup multiplies each value row by its weight correctly but then sums over the feature axis (dim=1) instead of over the items (dim=0), returning one number per stored item, shape [n], instead of a blended value row.

FIX: Sum the weighted rows over the items axis (dim=0), or just use weights @ values.

Caught by: blind set 5.

Cause: ex01_summed_over_features
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    weighted = weights[:, None] * values
    return weighted.sum(dim=1)
