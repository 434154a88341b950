"""MISTAKE: hard_lookup takes the argmax with keepdim=True, so indexing returns a [1, d_v] tensor instead of the [d_v] row.
FIX: take the argmax without keepdim (a 0-d index) so values[idx] has shape [d_v].
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    idx = torch.argmax(scores, dim=0, keepdim=True)
    return values[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
