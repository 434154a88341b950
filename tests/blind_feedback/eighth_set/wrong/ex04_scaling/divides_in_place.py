"""MISTAKE: It divides with scores /= ..., which overwrites the caller's scores tensor in place (and raises on a leaf tensor that requires grad).
FIX: Return a new tensor: return scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
