"""MISTAKE: writes d_k ** 1/2, which Python reads as (d_k ** 1) / 2, so the scores are divided by d_k / 2 instead of sqrt(d_k) (the two agree only for d_k = 4).
FIX: write d_k ** 0.5 or math.sqrt(d_k).
"""
from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = d_k ** 1/2
    return scores / scale
