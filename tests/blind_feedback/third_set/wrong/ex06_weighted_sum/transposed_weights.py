"""MISTAKE: weighted_sum transposes the weights (weightsᵀ @ V), so output i blends by column i instead of row i.
FIX: Use the weights as given: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
