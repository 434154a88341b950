"""MISTAKE: Divides the weights by their row sums before blending, so weights that do not add up to 1 (masked rows, hand-made weights) are silently changed instead of being used as given.
FIX: Blend the weights exactly as given: return weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
