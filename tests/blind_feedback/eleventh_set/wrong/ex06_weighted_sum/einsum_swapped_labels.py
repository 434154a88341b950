"""MISTAKE: the einsum labels the weights as "kq" instead of "qk", so it blends with the transposed weights: it raises when n_q != n_k and, for square weights, row i uses column i of the weights.
FIX: use "...qk,...kd->...qd" (or weights @ V).
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("...kq,...kd->...qd", weights, V)
