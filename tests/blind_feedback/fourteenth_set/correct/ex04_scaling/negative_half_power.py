"""MISTAKE: none (correct). Multiplies by d_k ** -0.5 with torch.mul instead of dividing by math.sqrt(d_k).
FIX: none
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return torch.mul(scores, d_k ** -0.5)
