"""MISTAKE: ignores the d_k argument and divides by the square root of the scores' last dimension, which is n_k (the number of keys), so the scale is wrong whenever n_k != d_k.
FIX: divide by math.sqrt(d_k), the argument that was passed in.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.sqrt(scores.shape[-1])
