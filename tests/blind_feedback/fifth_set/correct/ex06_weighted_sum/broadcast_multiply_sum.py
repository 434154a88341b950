"""CORRECT: Blends the values with explicit broadcasting, weights[..., :, :, None] * V[..., None, :, :], summed over the keys axis."""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-2)
