"""MISTAKE: Divides each weight row by its sum before blending; the contract says the weights are used as given, so any rows that do not already sum to 1 (e.g. masked or raw weights) come out wrong.
FIX: Return weights @ V without touching the weights.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = weights / weights.sum(dim=-1, keepdim=True)
    return w @ V
