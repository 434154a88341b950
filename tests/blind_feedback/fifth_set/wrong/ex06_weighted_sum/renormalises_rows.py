"""MISTAKE: Divides each row of weights by its sum "to make sure it is a proper average" before blending, which changes the result whenever the given weights do not already sum to 1.
FIX: Use the weights exactly as given: weights @ V; normalising is the softmax's job.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
