"""MISTAKE: Carries over the transpose from the score step and multiplies by Vᵀ. It raises a shape error unless d_v == n_k, and in that square case it blends the columns of V instead of its rows.
FIX: V's rows are already one per key: weights @ V with no transpose.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights @ V.transpose(-2, -1)
