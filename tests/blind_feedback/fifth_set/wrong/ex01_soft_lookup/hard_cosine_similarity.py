"""MISTAKE: hard_lookup ranks the keys by cosine similarity (it normalises every key to unit length first), so a long key that points slightly off loses to a short one; it returns the value of the best-aligned key, not the key with the largest dot product.
FIX: Score with the raw dot products keys @ query and take the argmax of those.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    unit_keys = keys / keys.norm(dim=-1, keepdim=True)
    scores = unit_keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
