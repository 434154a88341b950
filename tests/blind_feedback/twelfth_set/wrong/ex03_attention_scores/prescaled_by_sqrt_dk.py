"""MISTAKE: Copies the lesson's line scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k) and already divides by sqrt(d_k), while this exercise wants the raw scores. Wrong whenever d_k > 1.
FIX: Return Q @ K.transpose(-2, -1) unscaled; exercise 04 does the scaling.
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    return scores
