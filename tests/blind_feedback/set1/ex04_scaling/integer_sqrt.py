"""MISTAKE: uses the integer square root (math.isqrt), which rounds sqrt(d_k) down.
FIX: use the real square root, `math.sqrt(d_k)`.

Right for perfect squares (d_k = 1, 4, 16, 64, ...), wrong for d_k = 5, 7, 8, 12, ...

Cause: ex04_isqrt
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.isqrt(d_k)
