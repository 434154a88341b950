"""CORRECT: builds the mask by comparing two aranges (row index >= column index) and blocks with torch.where(mask != 0, scores, -inf) instead of tril and masked_fill."""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx[:, None] >= idx[None, :]


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return torch.where(mask != 0, scores, float("-inf"))
