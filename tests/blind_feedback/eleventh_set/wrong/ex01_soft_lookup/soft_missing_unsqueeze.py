"""MISTAKE: soft_lookup multiplies weights [n] by values [n, d_v] without unsqueezing, so the weights broadcast along the d_v axis instead of the rows; it raises when n != d_v and silently returns wrong numbers when n == d_v.
FIX: use weights.unsqueeze(-1) * values (or simply weights @ values) before summing over rows.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return (weights * values).sum(dim=0)
