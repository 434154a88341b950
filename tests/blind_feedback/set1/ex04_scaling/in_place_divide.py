"""MISTAKE: divides the scores in place (`/=`), which also changes the caller's tensor.
FIX: return a new tensor: `scores / math.sqrt(d_k)`.

The returned values are right; the input tensor is modified (and a leaf tensor that
requires grad raises).

Cause: in_place_line
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
