"""MISTAKE: hard_lookup finds the right winner but returns keys[best] instead of values[best], handing back the index vector rather than the stored content (wrong shape when d != d_v, wrong numbers otherwise).
FIX: Index the values with the winning position: values[argmax(keys @ query)].
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    best = torch.argmax(keys @ query)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
