"""CORRECT: Computes the blend through the transpose identity (Vᵀ Wᵀ)ᵀ = W V, swapping only the last two axes, so the result is weights @ V in disguise.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.mT @ weights.mT).mT
