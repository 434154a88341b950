"""MISTAKE: Writes the square root as d_k ** 1/2, which Python parses as (d_k ** 1) / 2 = d_k / 2, so the scores are divided by half of d_k instead of sqrt(d_k) (right only for d_k = 4).
FIX: Use math.sqrt(d_k) or d_k ** 0.5 (with the parentheses d_k ** (1/2)).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / (d_k ** 1/2)
