"""MISTAKE: Divides by d_k instead of by its square root, so the scores shrink by an extra factor of sqrt(d_k) and their variance becomes 1/d_k instead of 1.
FIX: Divide by math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
