"""MISTAKE: Broadcasts weights[..., :, :, None] against V[..., None, :, :] correctly but then sums over the last axis (the value features) instead of the key axis, returning [..., n_q, n_k].
FIX: Sum over the key axis, .sum(dim=-2), which gives [..., n_q, d_v].
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-1)
