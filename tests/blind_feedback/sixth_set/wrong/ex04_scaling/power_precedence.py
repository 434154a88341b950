"""MISTAKE: The scale is written d_k ** 1/2, which Python parses as (d_k ** 1) / 2, so the scores are divided by d_k / 2 instead of sqrt(d_k).
FIX: Write d_k ** 0.5 (or math.sqrt(d_k)), with the exponent in parentheses if written as a fraction: d_k ** (1/2).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** 1/2
