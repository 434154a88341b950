"""MISTAKE: hard_lookup picks the key closest to the query in Euclidean distance instead of the key with the largest dot product.
FIX: score with `keys @ query` and take `torch.argmax` of those scores.

Both agree when all keys have the same norm; keys of different lengths expose it (a long
key in the query's direction has the biggest dot product but is not the nearest point).

Cause: ex01_nearest_key
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    dist = ((keys - query) ** 2).sum(dim=-1)
    best = torch.argmin(dist)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
