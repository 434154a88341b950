"""MISTAKE: Already divides the scores by sqrt(d_k); this exercise asks for the raw, unscaled dot products, so every score is sqrt(d_k) times too small.
FIX: Return Q @ K.transpose(-2, -1) with no scaling (exercise 04 scales).
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.shape[-1]
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
