"""MISTAKE: causal_mask builds an (n+1) x (n+1) mask, copying the lesson's 4x4 picture for 3 tokens.
FIX: Build exactly n x n.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    size = n + 1
    return torch.tril(torch.ones(size, size, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
