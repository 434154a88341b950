"""MISTAKE: It writes d_k ** 1/2, which Python parses as (d_k ** 1) / 2 = d_k / 2, so the scores are divided by half of d_k instead of its square root.
FIX: Parenthesise the exponent, d_k ** 0.5 or d_k ** (1/2), or use math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** 1/2
