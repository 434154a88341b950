"""MISTAKE: Builds the products weights[..., i, j] * V[..., j, :] by broadcasting but sums them over the query axis (-3) instead of the key axis (-2), returning [..., n_k, d_v] column blends rather than one blend per query.
FIX: Sum over the key axis, dim=-2 (which is exactly weights @ V).
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    products = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return products.sum(dim=-3)
