"""MISTAKE: takes the mean over the keys instead of the sum after weighting each value row, so every output is divided by n_k.
FIX: sum over the key axis (or use weights @ V).
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weighted = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return weighted.mean(dim=-2)
