"""MISTAKE: soft_lookup scores with query @ keys instead of keys @ query; that contracts the query with the key columns, so it raises a shape error when n != d, and when n == d it silently computes keys^T @ query, the wrong scores.
FIX: Score each key row against the query with keys @ query (or query @ keys.T).
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
