"""MISTAKE: It divides with the in-place /= operator, which overwrites the caller's scores tensor (and fails for leaf tensors that require grad).
FIX: Return a new tensor: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
