"""MISTAKE: It divides the weights by their row sums before blending, so weights that do not sum to 1 are not used as given and the output is wrong for them.
FIX: Use the weights exactly as passed: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
