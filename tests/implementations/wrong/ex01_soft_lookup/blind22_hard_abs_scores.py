"""MISTAKE: hard_lookup takes the argmax of `scores.abs()`, so a strongly negative score (a bad match) beats the best positive one.
FIX: Pick the largest score, sign included: `torch.argmax(scores)`.

Caught by: blind set 22 (the all-negative case; the query turned round tells it from argmin).

Cause: ex01_abs_score
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    # strongest match, whichever sign
    i = torch.argmax(scores.abs())
    return values[i]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
