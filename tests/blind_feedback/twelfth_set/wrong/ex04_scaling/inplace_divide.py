"""MISTAKE: Divides in place (scores /= ...) and returns the same tensor, so the caller's scores are overwritten; on a leaf that requires grad it even raises a RuntimeError. The returned values are right.
FIX: Return a new tensor, scores / math.sqrt(d_k), and leave the input untouched.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
