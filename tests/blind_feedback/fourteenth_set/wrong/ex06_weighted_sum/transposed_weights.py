"""MISTAKE: Multiplies weights.mT @ V, mixing up which axis of the weights belongs to the keys; it only runs when n_q == n_k and then blends the values with the transposed weights (column i instead of row i).
FIX: Use the weights as they are: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
