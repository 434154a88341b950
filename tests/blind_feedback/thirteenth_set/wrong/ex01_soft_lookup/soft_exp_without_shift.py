"""MISTAKE: soft_lookup writes its own softmax as exp(scores) / sum(exp(scores)) without subtracting the max first; with large scores (about 89 in float32, 12 in float16) exp overflows to inf and the result is NaN.
FIX: Subtract the largest score before exponentiating (or use torch.softmax), which gives the same weights without overflow.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    e = torch.exp(scores)
    weights = e / e.sum()
    return weights @ values
