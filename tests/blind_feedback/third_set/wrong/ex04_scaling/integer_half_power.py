"""MISTAKE: scale_scores writes d_k ** (1 // 2); integer division makes the exponent 0, so it divides by 1.
FIX: Use d_k ** 0.5 or math.sqrt(d_k).
"""

from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** (1 // 2)
