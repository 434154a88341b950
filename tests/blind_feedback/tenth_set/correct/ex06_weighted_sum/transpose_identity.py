"""CORRECT: Uses the identity W V = (Vᵀ Wᵀ)ᵀ: multiplies V.mT @ weights.mT and transposes the result back, instead of writing weights @ V directly."""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.matmul(V.mT, weights.mT).mT
