"""MISTAKE: detaches the weights, treating them as fixed mixing coefficients, so the output is right but no gradient flows back to the weights (only to V).
FIX: use the weights as they are: weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.detach() @ V
