"""MISTAKE: none (correct). The mask comes from comparing a column of row indices with a row of column indices (i >= j) instead of tril, and apply_mask uses torch.where with a 0-dim -inf of the scores' dtype.
FIX: none
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx.unsqueeze(-1) >= idx.unsqueeze(0)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    neg_inf = torch.full((), float("-inf"), dtype=scores.dtype, device=scores.device)
    return torch.where(mask != 0, scores, neg_inf)
