"""scale_scores standardises the scores with their own mean and std instead of dividing by
√d_k: the std of a single score is NaN.

Caught by: every value case; the case of a single score shows NaN where the reference has
a number, and only the general NaN cause fits (no mistake of the library computes it).
From blind set 4.

Cause: nan_result
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return (scores - scores.mean()) / scores.std()
