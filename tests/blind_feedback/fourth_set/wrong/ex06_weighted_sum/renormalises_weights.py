"""MISTAKE: Renormalises each row of weights to sum to 1 "to be safe", but the function must blend with the weights exactly as given.
FIX: Drop the division and return weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
