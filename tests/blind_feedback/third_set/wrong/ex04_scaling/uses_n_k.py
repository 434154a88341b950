"""MISTAKE: scale_scores takes the width from scores.size(-1) (the number of keys n_k) instead of the d_k argument.
FIX: Use the d_k that is passed in.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    d = scores.size(-1)
    return scores / math.sqrt(d)
