"""CORRECT: Multiplies by the reciprocal root d_k ** -0.5 through torch.mul instead of dividing by math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    inv_root = math.pow(d_k, -0.5)
    return torch.mul(scores, inv_root)
