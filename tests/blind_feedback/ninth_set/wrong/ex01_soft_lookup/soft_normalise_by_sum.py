"""MISTAKE: soft_lookup makes the weights sum to 1 by dividing the raw scores by their sum instead of taking a softmax; the weights are wrong, can be negative, and blow up when the scores sum to about 0.
FIX: Use `torch.softmax(scores, dim=-1)` (exp, then divide by the sum of exps).
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = scores / scores.sum()
    return weights @ values
