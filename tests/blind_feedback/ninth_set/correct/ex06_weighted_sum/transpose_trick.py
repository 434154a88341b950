"""CORRECT: Computes (Vᵀ weightsᵀ)ᵀ with .mT, which equals weights @ V because (AB)ᵀ = BᵀAᵀ."""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.mT @ weights.mT).mT
