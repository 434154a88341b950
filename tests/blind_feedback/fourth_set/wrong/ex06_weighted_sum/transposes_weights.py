"""MISTAKE: Transposes the weights before the product, treating columns as queries, so each output row is blended with a column of weights (and it crashes when n_q != n_k).
FIX: Use the weights as given: weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
