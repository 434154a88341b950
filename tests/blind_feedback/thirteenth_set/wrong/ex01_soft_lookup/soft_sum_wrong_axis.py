"""MISTAKE: soft_lookup weights each value row correctly but then sums over the feature axis (dim=1) instead of over the items (dim=0), returning n per-item totals instead of the blended [d_v] vector.
FIX: Sum the weighted rows over dim 0 (the items), which is weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    weighted = weights[:, None] * values
    return weighted.sum(dim=1)
