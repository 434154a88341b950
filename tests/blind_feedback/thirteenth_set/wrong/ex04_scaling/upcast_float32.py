"""MISTAKE: Converts the scores to float32 before dividing "to avoid float16 rounding", so float16 (and bfloat16) scores come back as float32 and float64 scores lose precision; the dtype must stay the same.
FIX: Divide the tensor as given, scores / math.sqrt(d_k), which keeps its dtype.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.float() / math.sqrt(d_k)
