"""MISTAKE: Writes the square root as d_k ** 1/2, which Python reads as (d_k ** 1) / 2, so the scores are divided by d_k and then by 2 (i.e. by 2·d_k) instead of by sqrt(d_k).
FIX: Put the exponent in parentheses, d_k ** 0.5 or d_k ** (1 / 2), or use math.sqrt(d_k).
"""
from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** 1/2
