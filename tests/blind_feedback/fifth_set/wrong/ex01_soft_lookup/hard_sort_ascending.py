"""MISTAKE: hard_lookup sorts the scores with torch.sort (ascending by default) and takes the first index, which is the key with the SMALLEST dot product; it returns the worst match's value row.
FIX: Sort descending (or just use argmax) so the first index is the best-scoring key.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    order = torch.sort(scores).indices
    return values[order[0]]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
