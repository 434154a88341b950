"""MISTAKE: hard_lookup picks the key closest to the query in Euclidean distance instead of the key with the largest dot product; the two agree only when all keys have the same length, so with keys of different norms it returns the wrong value row.
FIX: Score with `keys @ query` and take the argmax of those dot products.
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
