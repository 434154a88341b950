"""MISTAKE: soft_lookup scales the value rows with values.mul_() before summing, which overwrites the caller's values tensor in place (and breaks autograd when values is a leaf that requires grad).
FIX: Use an out-of-place product (weights[:, None] * values) or simply weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return values.mul_(weights.unsqueeze(-1)).sum(dim=0)
