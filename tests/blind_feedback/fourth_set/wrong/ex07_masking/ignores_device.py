"""MISTAKE: causal_mask accepts device but never uses it, so the mask is always created on the CPU.
FIX: Pass device=device to torch.ones (or call .to(device) on the result).
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.ones(n, n, dtype=torch.bool)
    return mask.tril()


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
