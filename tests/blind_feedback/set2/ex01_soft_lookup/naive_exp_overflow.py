"""MISTAKE: soft_lookup normalises with a hand-written exp(scores) / exp(scores).sum() without subtracting the max, so large scores overflow to inf and the result becomes NaN.
FIX: Use torch.softmax(scores, dim=0) or subtract scores.max() before exponentiating.

Cause: ex01_overflow
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    exp_scores = torch.exp(scores)
    weights = exp_scores / exp_scores.sum()
    return weights @ values
