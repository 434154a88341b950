"""MISTAKE: Writes the blend with broadcasting, weights[..., :, :, None] * V[..., None, :, :], but sums over axis -3 (the queries) instead of -2 (the keys), returning a [..., n_k, d_v] tensor of column sums.
FIX: Sum over the keys axis (-2), or just use weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-3)
