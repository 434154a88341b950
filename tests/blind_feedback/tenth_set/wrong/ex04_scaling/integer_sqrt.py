"""MISTAKE: Uses math.isqrt, the integer square root, which rounds sqrt(d_k) down: correct for perfect squares such as 16 or 64, but wrong for d_k = 2, 8 or 32 (isqrt(8) = 2 instead of 2.83).
FIX: Use the real square root, math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
