"""MISTAKE: Copying the Q @ Kᵀ line from the scoring step, it computes weights @ V.transpose(-2, -1), which raises unless n_k == d_v and, when they are equal, blends the columns of V instead of its rows.
FIX: Use V as it is: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights @ V.transpose(-2, -1)
