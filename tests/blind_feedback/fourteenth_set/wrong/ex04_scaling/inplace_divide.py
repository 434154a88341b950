"""MISTAKE: Divides with scores /= ... and returns the same tensor: the caller's scores are overwritten, and scores that require grad as a leaf raise an in-place error.
FIX: Return a new tensor: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
