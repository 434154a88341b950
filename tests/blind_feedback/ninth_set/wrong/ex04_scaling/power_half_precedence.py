"""MISTAKE: Writing `d_k ** 1/2` for the square root parses as `(d_k ** 1) / 2`, so the code computes scores / d_k / 2, i.e. divides by 2·d_k instead of sqrt(d_k).
FIX: Parenthesise the exponent, `d_k ** (1 / 2)`, or use `math.sqrt(d_k)`.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** 1/2
