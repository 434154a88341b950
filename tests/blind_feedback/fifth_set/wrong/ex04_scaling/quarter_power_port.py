"""MISTAKE: Ported from code that scales q and k separately by d_k ** -0.25 each (so that their product is scaled by d_k ** -0.5), but applies that factor only once to the scores, dividing by the fourth root of d_k instead of its square root.
FIX: Applied to the scores themselves the factor is d_k ** -0.5: return scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = 1 / math.sqrt(math.sqrt(d_k))
    return scores * scale
