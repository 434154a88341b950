"""MISTAKE: scale_scores divides by d_k instead of by the square root of d_k.
FIX: Divide by math.sqrt(d_k).
"""

from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
