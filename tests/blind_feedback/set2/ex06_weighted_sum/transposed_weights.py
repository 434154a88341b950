"""MISTAKE: The weights are transposed before the product (weightsᵀ @ V), so each output row sums over queries instead of keys; it only has the right shape when n_q == n_k and only the right values for symmetric weights.
FIX: Do not transpose: return weights @ V.

Cause: ex06_weights_t
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
