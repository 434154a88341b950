"""MISTAKE: hard_lookup selects rows with a boolean mask scores == scores.max(), which returns a [k, d_v] matrix instead of a single [d_v] row: shape [1, d_v] normally and several rows when two keys tie for the best score.
FIX: Index values with the single integer position torch.argmax(scores) to get one row of shape [d_v].

Cause: bool_index_line
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = scores == scores.max()                 # True where the best key is
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
