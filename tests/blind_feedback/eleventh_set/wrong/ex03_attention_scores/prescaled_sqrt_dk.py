"""MISTAKE: already divides the scores by sqrt(d_k), but this exercise asks for the raw unscaled dot products, so every score is too small by that factor.
FIX: return Q @ K.transpose(-2, -1) without dividing; scaling is exercise 04.
"""
from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(d_k)
