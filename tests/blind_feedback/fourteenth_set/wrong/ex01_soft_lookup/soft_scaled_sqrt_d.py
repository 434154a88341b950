"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax (borrowed from scaled dot-product attention); this exercise asks for unscaled scores, so the weights come out too flat.
FIX: Apply the softmax directly to keys @ query, with no scaling.
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
