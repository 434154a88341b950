"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax, but this exercise asks for the unscaled scores.
FIX: use `torch.softmax(keys @ query, dim=-1)` with no scaling.

Any input with d > 1 shows it: the weights are softer than the reference's.

Cause: ex01_scaled
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    d = query.shape[-1]
    scores = keys @ query / math.sqrt(d)
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
