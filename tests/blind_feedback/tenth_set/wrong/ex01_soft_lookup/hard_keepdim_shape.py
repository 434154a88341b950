"""MISTAKE: hard_lookup calls argmax with keepdim=True, so the index is a 1-element tensor and values[idx] has shape [1, d_v] instead of [d_v].
FIX: Take a plain scalar index (torch.argmax(scores) without keepdim) so values[idx] is a single row of shape [d_v].
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    idx = torch.argmax(scores, dim=0, keepdim=True)
    return values[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
