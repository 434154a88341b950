"""MISTAKE: Broadcasts weights[..., :, :, None] * V[..., None, :, :] correctly but sums over the last axis (the value features) instead of the key axis, so the result has shape [..., n_q, n_k] instead of [..., n_q, d_v].
FIX: Sum over the key axis, .sum(dim=-2), or simply use weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    blended = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return blended.sum(dim=-1)
