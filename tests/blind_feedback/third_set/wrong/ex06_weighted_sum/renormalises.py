"""MISTAKE: weighted_sum renormalises each row of weights to sum to 1, although the weights must be used as given.
FIX: Do not divide by the row sums; multiply directly.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = weights / weights.sum(dim=-1, keepdim=True)
    return w @ V
