"""MISTAKE: clamps the weights to be non-negative, assuming they are probabilities, so negative weights are replaced by 0 instead of being blended as given.
FIX: multiply without clamping: weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.clamp(min=0) @ V
