"""MISTAKE: Computes Vᵀ @ weightsᵀ (column-vector habit) and does not transpose back, returning the blended values as [..., d_v, n_q] instead of [..., n_q, d_v].
FIX: Return weights @ V (equivalently (Vᵀ @ weightsᵀ)ᵀ).
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V.transpose(-2, -1) @ weights.transpose(-2, -1)
