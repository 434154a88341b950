"""MISTAKE: Already divides the scores by sqrt(d_k) (the formula from the lesson's full function), but this step must return the raw, unscaled dot products.
FIX: Return Q @ K.transpose(-2, -1) without dividing; scaling is exercise 04.
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
