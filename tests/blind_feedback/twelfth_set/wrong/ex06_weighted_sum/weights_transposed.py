"""MISTAKE: Transposes the weights (weightsᵀ @ V), so row i blends the values by column i of the weights, i.e. how much every query attended to key i. It raises a shape error when n_q != n_k and gives wrong rows for a square, non-symmetric weight matrix.
FIX: Use the weights as they are: weights @ V, where row i holds query i's weights over the keys.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
