"""MISTAKE: in the broadcast-and-sum version, sums over the query axis (-3) instead of the key axis (-2).
FIX: sum over the key axis: `(weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-2)`.

Returns [..., n_k, d_v] (sums of each value row scaled by its column of weights) instead
of [..., n_q, d_v]; the shape is only right when n_q == n_k, and the values never are.

Cause: ex06_sum_over_queries
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-3)
