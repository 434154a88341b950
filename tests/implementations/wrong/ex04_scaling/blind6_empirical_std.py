"""The scores are divided by their own sample standard deviation (taking "bring the variance back to 1" literally) instead of by sqrt(d_k), so the scale depends on the data and ignores d_k.

FIX: Divide by the fixed constant math.sqrt(d_k).

Caught by: blind set 6.

Cause: scale_std
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / scores.std()
