"""MISTAKE: Porting nanoGPT's line, it already multiplies the scores by 1/sqrt(d_k), so the returned scores are scaled instead of the raw dot products (and exercise 04 would then scale twice).
FIX: Return the raw dot products Q @ K.transpose(-2, -1) and leave the scaling to exercise 04.
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q @ K.transpose(-2, -1)) * (1.0 / math.sqrt(K.size(-1)))
