"""MISTAKE: Uses math.isqrt because d_k is an int, but isqrt rounds the root down to an integer; right for perfect squares (4, 16, 64) and wrong for d_k = 2, 8, 32, 128, ... (e.g. isqrt(8) = 2 instead of 2.83).
FIX: Use the real square root, math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
