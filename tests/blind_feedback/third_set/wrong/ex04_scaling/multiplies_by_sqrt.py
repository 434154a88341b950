"""MISTAKE: scale_scores multiplies the scores by sqrt(d_k) instead of dividing.
FIX: Divide by math.sqrt(d_k) (or multiply by its reciprocal).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores * math.sqrt(d_k)
