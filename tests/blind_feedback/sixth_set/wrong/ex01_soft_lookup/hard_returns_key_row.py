"""MISTAKE: hard_lookup returns the row of `keys` at the best index instead of the row of `values`, so it hands back the matching key (wrong content, and width d instead of d_v).
FIX: Index `values` with the argmax, not `keys`.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=-1)
    return weights @ values
