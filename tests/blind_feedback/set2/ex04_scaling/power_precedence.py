"""MISTAKE: The scale is written d_k ** 1/2, which Python parses as (d_k ** 1) / 2 = d_k / 2, so it only equals √d_k when d_k is 4.
FIX: Use math.sqrt(d_k) (or d_k ** 0.5).

Cause: ex04_half_d_k
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = d_k ** 1/2
    return scores / scale
