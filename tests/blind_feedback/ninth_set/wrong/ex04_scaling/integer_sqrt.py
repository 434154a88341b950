"""MISTAKE: It rounds the square root down to an int (to "keep the dtype"), so it is exact only when d_k is a perfect square such as 64; for d_k = 2, 3, 8, 32... it divides by too small a number (e.g. 5 instead of 5.66 for d_k = 32).
FIX: Divide by the exact `math.sqrt(d_k)`; dividing by a Python float keeps the tensor's dtype anyway.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    root = int(math.sqrt(d_k))
    return scores / root
