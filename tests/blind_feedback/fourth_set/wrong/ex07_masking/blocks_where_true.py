"""MISTAKE: apply_mask follows nn.MultiheadAttention's bool convention (True = ignore) and fills -inf where the mask is True, blocking exactly the allowed positions.
FIX: In this kit True / 1 means "may attend": fill where mask == 0.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask.bool(), float("-inf"))
