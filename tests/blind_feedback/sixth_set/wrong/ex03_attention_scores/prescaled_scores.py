"""MISTAKE: The scores are already divided by sqrt(d_k) (the whole scaled line copied from a tutorial), but this exercise asks for the raw, unscaled dot products.
FIX: Return Q @ K.transpose(-2, -1) without the division; scaling is exercise 04.
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
