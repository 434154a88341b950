"""MISTAKE: It already divides the dot products by sqrt(d_k) (the full attention formula), but this step must return the raw scores, so every entry is too small by a factor of sqrt(d_k) (only d_k = 1 looks right).
FIX: Return `Q @ K.transpose(-2, -1)` without the division; scaling is exercise 04.
"""
from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
