"""MISTAKE: Divides each row of weights by its sum "to be safe" before blending; the contract says the weights are used as given, so any weights whose rows do not sum to 1 (e.g. [[2, 0], [0, 0.5]]) give a wrong output, and an all-zero row gives NaN.
FIX: Return weights @ V without touching the weights.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
