"""MISTAKE: Writes the square root as d_k ** 1/2, which Python reads as (d_k ** 1) / 2 = d_k / 2; correct only for d_k = 4 by coincidence.
FIX: Write d_k ** 0.5 (or math.sqrt(d_k)).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = d_k ** 1/2
    return scores / scale
