"""MISTAKE: It multiplies the scores by sqrt(d_k) instead of dividing, so the scores grow even larger and the softmax saturates more.
FIX: Divide: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores * math.sqrt(d_k)
