"""MISTAKE: soft_lookup weights each value row correctly but then sums over the feature axis (dim=1) instead of over the items (dim=0), returning one number per item, shape [n], instead of a [d_v] vector.
FIX: Sum the weighted rows over the item axis, i.e. weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    weighted = weights.unsqueeze(1) * values
    return weighted.sum(dim=1)
