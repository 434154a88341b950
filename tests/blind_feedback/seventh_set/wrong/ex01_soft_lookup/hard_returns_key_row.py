"""MISTAKE: hard_lookup indexes keys instead of values with the winning index, so it hands back the matching key vector rather than its value row.
FIX: Return values[idx], not keys[idx].
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    idx = torch.argmax(scores)
    return keys[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values

