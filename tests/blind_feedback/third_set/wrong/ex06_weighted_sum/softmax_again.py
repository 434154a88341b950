"""MISTAKE: weighted_sum applies a softmax to the weights again before blending.
FIX: Blend with the given weights; the softmax already happened.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.softmax(weights, dim=-1) @ V
