"""MISTAKE: soft_lookup normalises the scores by dividing them by their sum instead of applying a softmax, so the weights can be negative or huge (or divide by ~0) and the output is not the softmax-weighted average.
FIX: Turn the scores into weights with a softmax: weights = torch.softmax(scores, dim=0).
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = scores / scores.sum()
    return weights @ values
