"""MISTAKE: Divides scores.data (an old-tutorial habit) instead of scores, which steps outside autograd, so the result is not on the scores' graph and no gradient flows back.
FIX: Divide the tensor itself: scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.data / math.sqrt(d_k)
