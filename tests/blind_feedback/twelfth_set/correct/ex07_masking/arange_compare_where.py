"""CORRECT: Builds the mask by broadcasting a column of query indices against a row of key indices (j <= i) instead of torch.tril, and blocks with torch.where against a 0-d -inf of the scores' dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx.unsqueeze(1) >= idx.unsqueeze(0)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    neg_inf = torch.full((), float("-inf"), dtype=scores.dtype, device=scores.device)
    return torch.where(mask != 0, scores, neg_inf)
