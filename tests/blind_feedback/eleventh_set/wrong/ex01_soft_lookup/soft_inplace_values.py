"""MISTAKE: soft_lookup scales the value rows with an in-place values.mul_() to save memory, which overwrites the caller's values tensor (and fails on values that require grad).
FIX: compute weights @ values (or an out-of-place product) without touching values.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    values.mul_(weights.unsqueeze(1))
    return values.sum(dim=0)
