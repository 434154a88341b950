"""MISTAKE: divides by d_k instead of by its square root.
FIX: return `scores / math.sqrt(d_k)`.

Any d_k > 1 shows it; the scaled scores end up with variance 1/d_k instead of about 1.

Cause: scale_by_d_k
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
