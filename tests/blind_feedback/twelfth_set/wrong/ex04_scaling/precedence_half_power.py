"""MISTAKE: Writes the square root as d_k ** 1/2, which Python parses as (d_k ** 1) / 2 = d_k / 2. It coincides with sqrt(d_k) only for d_k = 4 and is wrong for every other d_k.
FIX: Use math.sqrt(d_k) or d_k ** 0.5 (with parentheses, d_k ** (1/2)).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    sqrt_dk = d_k ** 1/2
    return scores / sqrt_dk
