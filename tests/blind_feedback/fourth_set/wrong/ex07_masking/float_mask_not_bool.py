"""MISTAKE: causal_mask copies the lesson's torch.tril(torch.ones(n, n)), which is a float 0/1 tensor, but the function must return torch.bool.
FIX: Create the ones as bool, torch.ones(n, n, dtype=torch.bool, device=device), or add .bool().
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
