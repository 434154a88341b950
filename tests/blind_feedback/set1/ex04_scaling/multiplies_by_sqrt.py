"""MISTAKE: multiplies by sqrt(d_k) instead of dividing, making large scores even larger.
FIX: divide: `scores / math.sqrt(d_k)`.

Any d_k > 1 shows it.

Cause: ex04_times
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores * math.sqrt(d_k)
