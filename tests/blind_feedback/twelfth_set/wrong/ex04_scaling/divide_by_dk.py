"""MISTAKE: Divides by d_k itself rather than by its square root, reasoning that the variance grows like d_k. Wrong for every d_k > 1 (the scores come out sqrt(d_k) times too small).
FIX: Divide by math.sqrt(d_k), the standard deviation, which brings the variance d_k back to 1.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    # the variance of a dot product is d_k, so undo it
    return scores / d_k
