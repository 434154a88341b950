"""CORRECT: Multiplies by a precomputed reciprocal 1/√d_k via torch.mul (the fused-kernel habit) instead of dividing; out of place and dtype-preserving.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    inv_std = 1.0 / math.sqrt(d_k)
    return torch.mul(scores, inv_std)
