"""CORRECT: builds the mask by comparing row and column indices from torch.arange (no tril), and applies it with torch.where against a -inf tensor made by full_like."""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx[:, None] >= idx[None, :]


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    blocked = mask == 0
    return torch.where(blocked, torch.full_like(scores, float("-inf")), scores)
