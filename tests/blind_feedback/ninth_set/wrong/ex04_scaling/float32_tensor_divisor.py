"""MISTAKE: It builds the divisor as a 1-element float32 CPU tensor; dividing by a 1-D tensor takes part in type promotion and broadcasting, so float16/bfloat16 scores come back as float32, a 0-d score becomes shape [1], CUDA scores raise a device mismatch, and float64 results carry the float32 rounding of sqrt(d_k).
FIX: Divide by the Python float `math.sqrt(d_k)` (or a 0-d tensor made with the scores' dtype and device).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    root = torch.sqrt(torch.tensor([d_k], dtype=torch.float32))
    return scores / root
