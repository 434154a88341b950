"""MISTAKE: scale_scores divides with /=, which changes the caller's scores tensor in place.
FIX: Return scores / math.sqrt(d_k) as a new tensor.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
