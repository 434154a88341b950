"""It blends with (weights[..., None] * V).sum(-2), which lines up only for a 2-D V: with batch dimensions V's batch axis is aligned against n_q, so batched inputs raise or mix up batches.

FIX: Give V a query axis as well ((weights[..., None] * V[..., None, :, :]).sum(-2)) or simply use weights @ V.

Caught by: blind set 8.

Cause: ex06_no_query_axis
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (weights[..., None] * V).sum(dim=-2)
