"""MISTAKE: transposes the weights before the product (weightsᵀ @ V), as if the weight matrix were indexed [key, query].
FIX: return `weights @ V` with no transpose: row i of the weights belongs to query i.

Raises when n_q != n_k; when n_q == n_k it returns the wrong blends with the right shape.

Cause: ex06_weights_t
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
