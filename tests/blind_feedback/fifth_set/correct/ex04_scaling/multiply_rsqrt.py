"""CORRECT: Multiplies by the reciprocal square root d_k ** -0.5 (computed as a Python float) instead of dividing by math.sqrt(d_k)."""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return torch.mul(scores, float(d_k) ** -0.5)
