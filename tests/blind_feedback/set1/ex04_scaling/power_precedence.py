"""MISTAKE: writes the square root as `d_k ** 1/2`, which Python parses as (d_k ** 1) / 2 = d_k / 2.
FIX: use `math.sqrt(d_k)` or `d_k ** 0.5` (with brackets: `d_k ** (1/2)`).

Coincides with the right answer only at d_k = 4; every other d_k shows it.

Cause: ex04_half_d_k
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / (d_k ** 1/2)
