"""MISTAKE: The scores are divided in place with /=, so the caller's input tensor is modified (and a leaf tensor that requires grad raises).
FIX: Return a new tensor: scores / math.sqrt(d_k).

Cause: in_place_line
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
