"""MISTAKE: The weights are renormalised to sum to 1 along the keys before the product, which changes the result for weights that are not already normalised (the contract says use them as given).
FIX: Return weights @ V without touching the weights.

Cause: ex06_renormalised
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
