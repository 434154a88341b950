"""MISTAKE: soft_lookup scores with query @ keys instead of keys @ query, which contracts the query with the item axis of keys: it raises unless n == d, and for n == d it computes keys.T @ query (score j pairs the query with column j of keys, not with key row j).
FIX: Compute one score per key as keys @ query (shape [n]).
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = query @ keys
    weights = torch.softmax(scores, dim=0)
    return weights @ values
