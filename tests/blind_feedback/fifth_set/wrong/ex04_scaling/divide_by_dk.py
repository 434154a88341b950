"""MISTAKE: Divides by d_k instead of sqrt(d_k), which shrinks the variance of the scores to 1/d_k instead of 1 (scores become far too flat).
FIX: Divide by math.sqrt(d_k), the standard deviation of the raw dot products.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
