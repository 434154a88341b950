"""MISTAKE: hard_lookup builds a one-hot mask with scores == scores.max() and multiplies it by values; when two keys tie for the best score it returns the sum of both value rows instead of one row.
FIX: Pick a single index with torch.argmax(scores) and return values[idx].

Cause: ex01_ties_added
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    onehot = (scores == scores.max()).to(values.dtype)
    return onehot @ values


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
