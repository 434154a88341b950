"""CORRECT: multiplies by d_k ** -0.5 through torch.mul instead of dividing by math.sqrt(d_k)."""
from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return torch.mul(scores, d_k ** -0.5)
