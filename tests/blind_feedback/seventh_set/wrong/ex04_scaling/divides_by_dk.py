"""MISTAKE: It divides by d_k instead of sqrt(d_k), so for any d_k > 1 the scores shrink far too much (variance 1/d_k instead of 1).
FIX: Divide by math.sqrt(d_k), the standard deviation, not the variance.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
