"""MISTAKE: It ignores the d_k argument and divides by the square root of scores.shape[-1], which is n_k (the number of keys), not the query/key width, so the result is wrong whenever n_k != d_k.
FIX: Divide by `math.sqrt(d_k)` using the d_k that is passed in.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    n = scores.shape[-1]
    return scores / math.sqrt(n)
