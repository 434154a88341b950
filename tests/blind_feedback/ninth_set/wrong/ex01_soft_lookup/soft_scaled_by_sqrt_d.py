"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax (the full attention formula), although this exercise asks for unscaled scores; the weights come out flatter than softmax(keys @ query) whenever d > 1.
FIX: Apply the softmax to `keys @ query` directly, without dividing by sqrt(d).
"""
from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query / math.sqrt(query.shape[-1])
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
