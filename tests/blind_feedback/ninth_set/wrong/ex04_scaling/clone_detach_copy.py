"""MISTAKE: To avoid changing the input it copies it with `clone().detach()` before dividing, which cuts the result off the autograd graph: the values are right but no gradient flows back to the scores.
FIX: Use `scores / math.sqrt(d_k)` (or `scores.clone()` without `.detach()`).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    out = scores.clone().detach()
    out /= math.sqrt(d_k)
    return out
