"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax (jumping ahead to scaled attention), so its weights are flatter than softmax(keys @ query) and the average is wrong.
FIX: In this exercise the raw scores keys @ query go straight into the softmax, with no scaling.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query / math.sqrt(query.shape[-1])
    weights = torch.softmax(scores, dim=0)
    return weights @ values
