"""MISTAKE: scale_scores uses math.isqrt, the integer square root, so for d_k that is not a perfect square (e.g. 8 -> 2) the divisor is wrong.
FIX: Use math.sqrt(d_k), the real square root.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
