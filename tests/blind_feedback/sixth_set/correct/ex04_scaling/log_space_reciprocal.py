"""CORRECT: the factor 1/sqrt(d_k) is computed as exp(-0.5 * log(d_k)) and applied with torch.mul, out of place.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    factor = math.exp(-0.5 * math.log(d_k))
    return torch.mul(scores, factor)
