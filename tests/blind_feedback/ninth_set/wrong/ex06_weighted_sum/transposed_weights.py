"""MISTAKE: Carrying over the transpose habit from the scores step, it multiplies by weightsᵀ, so output row i blends the values with column i of the weights (how much every query attends to key i) instead of row i; it fails when n_q != n_k and is silently wrong when they are equal.
FIX: Use the weights as they are: `weights @ V`.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
