"""MISTAKE: Uses the floor-division operator // , which rounds every scaled score down to a whole number.
FIX: Use true division: scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores // math.sqrt(d_k)
