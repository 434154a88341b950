"""MISTAKE: It multiplies by sqrt(d_k) instead of dividing, so the scores grow by sqrt(d_k) and the softmax saturates even more.
FIX: Divide: scores / math.sqrt(d_k) (or multiply by 1 / math.sqrt(d_k)).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores * math.sqrt(d_k)
