"""MISTAKE: ignores the d_k argument and scales by the square root of the scores' last dimension (n_k, the number of keys).
FIX: use the d_k that is passed in: `scores / math.sqrt(d_k)`.

Right only when d_k happens to equal scores.shape[-1]; any n_k != d_k shows it.

Cause: ex04_last_dim
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    n = scores.shape[-1]
    return scores / math.sqrt(n)
