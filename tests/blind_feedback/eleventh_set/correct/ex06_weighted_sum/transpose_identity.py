"""CORRECT: computes (Vᵀ @ weightsᵀ)ᵀ, the transpose of the product with the factors swapped, using .mT on batched matrices."""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.mT @ weights.mT).mT
