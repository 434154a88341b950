"""MISTAKE: Uses torch.bmm, which requires exactly one batch dimension (3-D tensors), so unbatched [n_q, n_k] weights and inputs with two or more leading dimensions raise.
FIX: Use @ / torch.matmul, which handles any number of leading batch dimensions.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.bmm(weights, V)
