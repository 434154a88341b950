"""MISTAKE: soft_lookup writes its own softmax as exp(s) / sum(exp(s)) without subtracting the max; large scores overflow to inf (above ~88 in float32, ~11 in float16) and the result becomes NaN.
FIX: Subtract the largest score before exponentiating (or just call torch.softmax).
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
