"""MISTAKE: Writes d_k ** -1/2, which Python parses as (d_k ** -1) / 2 = 1 / (2·d_k), not d_k ** (-1/2).
FIX: Parenthesise the exponent, d_k ** (-0.5), or use 1 / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = d_k ** -1/2
    return scores * scale
