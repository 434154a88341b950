"""MISTAKE: hard_lookup takes the argmax with keepdim=True, so the index is a 1-element tensor and `values[idx]` returns shape [1, d_v] instead of [d_v].
FIX: Use a plain `torch.argmax(scores)` (no keepdim) so indexing drops the row axis.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    idx = torch.argmax(scores, dim=0, keepdim=True)
    return values[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
