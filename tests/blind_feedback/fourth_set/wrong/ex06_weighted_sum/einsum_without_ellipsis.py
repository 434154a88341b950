"""MISTAKE: Writes the einsum as 'qk,kd->qd' with no ellipsis, so any input with leading batch dimensions raises an error.
FIX: Add the ellipsis, torch.einsum('...qk,...kd->...qd', weights, V), or use weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("qk,kd->qd", weights, V)
