"""MISTAKE: Transposes the weights before multiplying (weightsᵀ @ V), which blends by columns: it only runs when n_q == n_k and then mixes the values with the weights other queries gave to each key.
FIX: Use the weights as they are: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
