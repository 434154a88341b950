"""MISTAKE: Uses the in-place `scores /= sqrt(d_k)`, which returns the right numbers but overwrites the caller's scores tensor (and breaks autograd when the scores are needed for backward).
FIX: Build a new tensor: return scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
