"""MISTAKE: casts both inputs with .float() to avoid dtype mismatches, so float64 (or float16) inputs come back as float32.
FIX: multiply the inputs in their own dtype: weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.matmul(weights.float(), V.float())
