"""MISTAKE: hard_lookup picks the key with the smallest Euclidean distance to the query instead of the largest dot product, which differs when keys have different lengths.
FIX: Score with keys @ query and take the argmax of those scores.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    dists = ((keys - query) ** 2).sum(dim=-1)
    return values[torch.argmin(dists)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
