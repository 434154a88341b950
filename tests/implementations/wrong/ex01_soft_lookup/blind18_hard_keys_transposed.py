"""MISTAKE: hard_lookup scores with keys.T @ query (wrong transpose): error unless n == d, and then it dots the query with key COLUMNS
FIX: Score the keys with `keys @ query` (keys are [n, d], one row per item).

Cause: ex01_keys_transposed
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """Return the value row whose key has the largest dot product with the query."""
    scores = keys.T @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """Return the softmax-weighted average of all value rows."""
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
