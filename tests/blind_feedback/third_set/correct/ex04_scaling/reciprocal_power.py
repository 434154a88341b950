"""CORRECT: scale_scores multiplies by the Python float d_k ** -0.5 via torch.mul.
"""

from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    factor = float(d_k) ** -0.5
    return torch.mul(scores, factor)
