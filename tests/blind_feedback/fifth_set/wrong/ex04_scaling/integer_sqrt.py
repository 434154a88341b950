"""MISTAKE: Uses math.isqrt(d_k), the integer square root, so for a d_k that is not a perfect square (e.g. 10 -> 3 instead of 3.162) the scores are divided by a rounded-down number.
FIX: Use the real square root math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
