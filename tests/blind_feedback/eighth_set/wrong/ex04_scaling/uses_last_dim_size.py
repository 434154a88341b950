"""MISTAKE: It ignores the d_k argument and divides by sqrt(scores.size(-1)), which is n_k (the number of keys), so the scaling is wrong whenever n_k != d_k.
FIX: Use the given d_k: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.sqrt(scores.size(-1))
