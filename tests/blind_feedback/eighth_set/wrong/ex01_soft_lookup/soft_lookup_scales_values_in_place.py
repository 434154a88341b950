"""MISTAKE: soft_lookup weights the value rows with values.mul_(...) in place, so it overwrites the caller's values tensor (and raises on a leaf values tensor that requires grad).
FIX: Build a new tensor out of place, e.g. (weights[:, None] * values).sum(0) or weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    values.mul_(weights.unsqueeze(-1))
    return values.sum(dim=0)
