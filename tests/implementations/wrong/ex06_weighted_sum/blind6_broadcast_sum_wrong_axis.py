"""The broadcast product weights[..., :, :, None] * V[..., None, :, :] is summed over the last axis (d_v) instead of the key axis, so it returns [..., n_q, n_k] sums of value features rather than blended value rows.

FIX: Sum over the key axis, dim=-2: (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(-2).

Caught by: blind set 6.

Cause: ex06_sum_over_features
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-1)
