"""MISTAKE: It writes d_k ** 1/2, which Python parses as (d_k ** 1) / 2, so the expression divides scores by d_k and then by 2 instead of by sqrt(d_k).
FIX: Parenthesise the exponent, scores / d_k ** (1 / 2), or use math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** 1/2
