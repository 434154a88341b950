"""MISTAKE: apply_mask upcasts the scores with .float() "for numerical safety" before filling, so float64 scores come back as float32 (losing precision) and float16/bfloat16 scores change dtype too.
FIX: Call masked_fill on scores directly so the result keeps scores' dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.float().masked_fill(mask == 0, float("-inf"))
