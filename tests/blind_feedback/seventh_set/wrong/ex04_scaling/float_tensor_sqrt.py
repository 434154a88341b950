"""MISTAKE: It builds the divisor as torch.sqrt(torch.FloatTensor([d_k])), a 1-element float32 CPU tensor that takes part in type promotion, so half/bfloat16 scores come back as float32, 0-d scores become shape [1], and CUDA scores raise a device error.
FIX: Divide by the Python float math.sqrt(d_k) (or a 0-d tensor with scores' dtype and device).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / torch.sqrt(torch.FloatTensor([d_k]))
