"""MISTAKE: hard_lookup finds the best-scoring index correctly but returns that row of `keys` instead of `values`, so it hands back the key (shape [d]) rather than the stored value (shape [d_v]).
FIX: Index `values` with the argmax, not `keys`.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
