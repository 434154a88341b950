"""MISTAKE: It divides by d_k instead of sqrt(d_k), so for any d_k > 1 the scores are shrunk by an extra factor of sqrt(d_k) and the softmax becomes too flat.
FIX: Divide by the square root: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k
