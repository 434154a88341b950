"""CORRECT: Builds the mask by comparing row and column position indices from torch.arange (i >= j) instead of torch.tril, and applies it with torch.where and a scalar -inf instead of masked_fill."""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    pos = torch.arange(n, device=device)
    return pos.unsqueeze(-1) >= pos.unsqueeze(0)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return torch.where(mask != 0, scores, float("-inf"))
