"""MISTAKE: weighted_sum computes V @ weights, the wrong order of the product.
FIX: Compute weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V @ weights
