"""MISTAKE: Wraps sqrt(d_k) in a one-element float32 CPU tensor torch.tensor([...]); as a 1-D tensor it takes part in type promotion and broadcasting, so float16/bfloat16 scores come back as float32, a 0-d scores tensor comes back with shape [1], and CUDA scores fail.
FIX: Divide by the plain Python number math.sqrt(d_k) (or a 0-d tensor made with scores' dtype and device).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = torch.tensor([math.sqrt(d_k)])
    return scores / scale
