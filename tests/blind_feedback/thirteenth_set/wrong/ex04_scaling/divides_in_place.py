"""MISTAKE: Uses the in-place scores /= sqrt(d_k), so the caller's raw scores are overwritten (and a leaf tensor that requires grad raises an error); the returned tensor is the input itself, not a new one.
FIX: Return the out-of-place scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
