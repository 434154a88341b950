"""MISTAKE: The weights are transposed before the product (weights^T @ V), which raises when n_q != n_k and, for square weights, blends with column j instead of row i.
FIX: Multiply without transposing: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
