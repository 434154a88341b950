"""CORRECT: Computes the product the other way round, (Vᵀ @ weightsᵀ)ᵀ, which equals weights @ V by (AB)ᵀ = BᵀAᵀ.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.mT @ weights.mT).mT
