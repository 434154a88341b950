"""MISTAKE: It divides each row of weights by its sum "to be safe" before blending; softmax rows are unchanged by this, but any weights that do not sum to 1 (which must be used as given) are rescaled, so the output is wrong for them (and NaN/inf for a row summing to 0).
FIX: Do not touch the weights: return `weights @ V`.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
