"""MISTAKE: Divides the dot products by sqrt(d_k) already, copying the lesson's full formula; this exercise asks for the raw scores, so every entry is too small by a factor sqrt(d_k) (and exercise 04 would scale twice).
FIX: Return Q @ K.transpose(-2, -1) unscaled.
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
