"""MISTAKE: It calls .float() on the scores before dividing, so float64, float16 or bfloat16 scores come back as float32 and the input dtype is lost.
FIX: Divide the scores as they are: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.float() / math.sqrt(d_k)
