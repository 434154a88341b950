"""MISTAKE: soft_lookup weights each value row correctly but then sums over the feature axis (dim=-1) instead of over the items (dim=0), so it returns one number per item, shape [n], instead of the blended row of shape [d_v].
FIX: Sum over dim=0 (the item axis), or simply return `weights @ values`.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return (weights[:, None] * values).sum(dim=-1)
