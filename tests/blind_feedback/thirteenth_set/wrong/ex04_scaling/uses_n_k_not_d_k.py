"""MISTAKE: Ignores the d_k argument and takes the width from scores.shape[-1], which is n_k (the number of keys), not the query/key width; the scaling is wrong whenever n_k != d_k.
FIX: Divide by math.sqrt(d_k) using the d_k that is passed in.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    d = scores.shape[-1]
    return scores / math.sqrt(d)
