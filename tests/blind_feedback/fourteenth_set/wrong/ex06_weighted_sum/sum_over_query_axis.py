"""MISTAKE: Broadcasts weights[..., q, k, None] * V[..., None, k, :] correctly but sums over the query axis (-3) instead of the key axis (-2), giving [..., n_k, d_v] sums over queries instead of [..., n_q, d_v].
FIX: Sum over the key axis: (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(-2), i.e. weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-3)
