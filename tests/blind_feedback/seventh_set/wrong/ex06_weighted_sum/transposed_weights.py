"""MISTAKE: It transposes the weights before multiplying (weightsᵀ @ V), so output row i blends the values by column i of the weights instead of row i: wrong for any non-symmetric square weights and an error when n_q != n_k.
FIX: Use the weights as given: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
