"""CORRECT: causal_mask compares row and column indices from torch.arange (j <= i); apply_mask uses torch.where with a scalar -inf instead of masked_fill."""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx.unsqueeze(-1) >= idx.unsqueeze(0)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return torch.where(mask != 0, scores, float("-inf"))
