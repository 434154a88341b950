"""MISTAKE: Divides the scores by d_k instead of by √d_k, shrinking them far too much (variance 1/d_k instead of 1).
FIX: Divide by the standard deviation: scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
