"""MISTAKE: weighted_sum uses torch.mm, which only accepts 2-D matrices and fails for batched inputs.
FIX: Use @ / torch.matmul, which handles leading batch dims.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.mm(weights, V)
