"""MISTAKE: Uses math.isqrt, the integer square root, so sqrt(d_k) is rounded down to a whole number; perfect squares like 16 or 64 come out right, but d_k = 2, 10 or 32 are divided by 1, 3 or 5 instead of 1.414, 3.162 or 5.657.
FIX: Use math.sqrt(d_k), the real-valued square root.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
