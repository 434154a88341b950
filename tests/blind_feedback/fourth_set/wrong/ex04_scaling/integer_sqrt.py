"""MISTAKE: Uses math.isqrt, the integer square root, which rounds √d_k down (isqrt(8) = 2, not 2.83) and so is only right when d_k is a perfect square.
FIX: Use the real square root, math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
