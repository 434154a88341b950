"""MISTAKE: none (correct). It forms every product weights[..., i, j] * V[..., j, :] by broadcasting ([..., n_q, n_k, 1] * [..., 1, n_k, d_v]) and sums over the key axis instead of calling matmul.
FIX: none
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    products = weights[..., :, :, None] * V[..., None, :, :]
    return products.sum(dim=-2)
