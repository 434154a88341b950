"""MISTAKE: Divides by d_k instead of by sqrt(d_k), which shrinks the scores far too much (variance 1/d_k instead of 1); only d_k = 1 gives the right answer.
FIX: Divide by the standard deviation: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
