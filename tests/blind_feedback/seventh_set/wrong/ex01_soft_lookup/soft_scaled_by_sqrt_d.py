"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax (copied from scaled dot-product attention), although this exercise asks for unscaled scores, so the weights come out too flat.
FIX: Drop the division: weights = softmax(keys @ query).
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query / math.sqrt(query.shape[-1])
    weights = torch.softmax(scores, dim=0)
    return weights @ values

