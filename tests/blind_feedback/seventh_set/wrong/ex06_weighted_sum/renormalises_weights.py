"""MISTAKE: It divides the weights by their row sums before blending, so weights that do not sum to 1 (which the contract says must be used as given) give a different result.
FIX: Do not renormalise: return weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
