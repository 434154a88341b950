"""MISTAKE: math.isqrt returns the integer square root, so for d_k that is not a perfect square (e.g. d_k = 8 gives 2 instead of 2.83) the scores are divided by the wrong number.
FIX: Use math.sqrt(d_k), the real square root.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
