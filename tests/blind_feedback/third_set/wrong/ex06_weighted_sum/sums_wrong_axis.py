"""MISTAKE: weighted_sum broadcasts weights[..., :, :, None] * V[..., None, :, :] but sums over the query axis instead of the key axis.
FIX: Sum over the key axis (dim=-2 of the product), or use weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-3)
