"""MISTAKE: Builds every weight-times-value product by broadcasting but sums over the query axis (-3) instead of the key axis (-2), returning [..., n_k, d_v] where row j is (sum_i weights[i, j]) * V[j]. Wrong for essentially every input (right only by coincidence).
FIX: Sum over the key axis: (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-2), i.e. weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    # [..., n_q, n_k, 1] * [..., 1, n_k, d_v] -> [..., n_q, n_k, d_v]
    products = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return products.sum(dim=-3)
