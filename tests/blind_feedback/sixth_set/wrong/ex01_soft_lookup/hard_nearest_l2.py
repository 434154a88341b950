"""MISTAKE: hard_lookup picks the key with the smallest Euclidean distance to the query instead of the largest dot product, which selects a different row whenever the keys have different norms.
FIX: Score the keys with keys @ query and take the argmax of those dot products.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    dist = torch.cdist(query.unsqueeze(0), keys).squeeze(0)
    return values[torch.argmin(dist)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=-1)
    return weights @ values
