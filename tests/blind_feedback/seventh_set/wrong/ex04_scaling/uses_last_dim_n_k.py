"""MISTAKE: It takes the scale from scores.shape[-1], which is n_k (the number of keys), not the passed d_k, so the scale is wrong whenever n_k != d_k.
FIX: Use the d_k argument: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    d = scores.shape[-1]
    return scores / math.sqrt(d)
