"""MISTAKE: It divides by d_k instead of sqrt(d_k), so the scores shrink far too much (variance 1/d_k instead of 1) and the softmax becomes nearly uniform; only d_k = 1 gives the right answer.
FIX: Divide by `math.sqrt(d_k)`.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
