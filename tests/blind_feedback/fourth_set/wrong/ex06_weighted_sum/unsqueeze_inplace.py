"""MISTAKE: Uses the in-place weights.unsqueeze_(-1) to add the broadcast axis, which permanently changes the caller's weights tensor to [..., n_q, n_k, 1].
FIX: Use the out-of-place weights.unsqueeze(-1) (or simply weights @ V).
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = weights.unsqueeze_(-1)
    return (w * V.unsqueeze(-3)).sum(dim=-2)
