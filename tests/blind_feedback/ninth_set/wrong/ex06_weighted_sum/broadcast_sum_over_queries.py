"""MISTAKE: It forms weights[..., i, j] * V[..., j, :] by broadcasting correctly but then sums over the query axis (-3) instead of the key axis (-2), returning [..., n_k, d_v] (each value row scaled by its total column weight) instead of [..., n_q, d_v].
FIX: Sum over the key axis: `.sum(dim=-2)`, or use `weights @ V`.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    products = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return products.sum(dim=-3)
