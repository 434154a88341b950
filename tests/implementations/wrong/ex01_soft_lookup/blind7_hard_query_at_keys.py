"""hard_lookup scores with query @ keys, treating keys as [d, n], which raises when n != d and, for square keys, scores the columns instead of the rows so the wrong row can win.

FIX: Score each key row with keys @ query (shape [n]).

Caught by: blind set 7.

Cause: ex01_query_first
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = query @ keys
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values

