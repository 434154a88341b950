"""CORRECT: causal_mask compares arange row and column indices, and apply_mask uses torch.where with a Python -inf scalar.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    i = torch.arange(n, device=device).unsqueeze(-1)
    j = torch.arange(n, device=device).unsqueeze(0)
    return j <= i


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return torch.where(mask != 0, scores, float("-inf"))
