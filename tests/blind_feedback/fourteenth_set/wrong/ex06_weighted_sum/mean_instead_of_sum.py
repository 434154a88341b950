"""MISTAKE: Reads 'weighted average' as a mean and averages the weighted value rows over the keys, so every output is n_k times too small.
FIX: Sum the weighted rows: output = weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.mean(dim=-2)
