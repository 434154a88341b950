"""MISTAKE: Takes the scaling width from scores.shape[-1] (the number of keys n_k) instead of the d_k argument, so the result is wrong whenever n_k != d_k.
FIX: Use the d_k that is passed in: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    n = scores.shape[-1]
    return scores / math.sqrt(n)
