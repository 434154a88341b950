"""MISTAKE: Runs a softmax over the weights before blending, treating them as raw scores, so already-normalised weights are flattened toward uniform.
FIX: The weights are used as given; return weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = torch.softmax(weights, dim=-1)
    return w @ V
