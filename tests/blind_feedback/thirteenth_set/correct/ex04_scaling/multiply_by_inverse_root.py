"""MISTAKE: none (correct). Instead of dividing by sqrt(d_k) it multiplies by d_k to the power -1/2, computed as exp(-log(d_k) / 2) with math, out of place.
FIX: none
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    inv_root = math.exp(-0.5 * math.log(d_k))
    return torch.mul(scores, inv_root)
