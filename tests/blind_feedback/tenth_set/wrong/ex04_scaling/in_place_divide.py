"""MISTAKE: Divides in place with /=, which overwrites the caller's scores tensor (and raises on a leaf tensor that requires grad) instead of returning a new tensor.
FIX: Return a new tensor: return scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
