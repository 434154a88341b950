"""MISTAKE: Reads "bring the variance back to 1" literally and divides by the measured standard deviation of the scores instead of by sqrt(d_k). The result depends on the data rather than on d_k, and is NaN for a single score or a constant tensor.
FIX: Divide by the fixed constant math.sqrt(d_k), which gives variance 1 only in expectation for unit-variance q and k.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    # Var(q.k) = d_k, so dividing by the standard deviation gives variance 1
    return scores / scores.std()
