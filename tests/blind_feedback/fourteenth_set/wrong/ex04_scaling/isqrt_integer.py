"""MISTAKE: Uses math.isqrt, the integer square root, so for any d_k that is not a perfect square the divisor is rounded down (e.g. 2 instead of 2.83 for d_k = 8).
FIX: Use the real square root math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
