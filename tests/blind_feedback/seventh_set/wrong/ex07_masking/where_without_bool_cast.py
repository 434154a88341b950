"""MISTAKE: apply_mask passes the mask straight to torch.where as its condition, which only works for bool masks: a 0/1 float or int mask raises an error instead of being treated as allowed/blocked.
FIX: Compare first: torch.where(mask != 0, scores, -inf), or use scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    neg_inf = torch.full_like(scores, float("-inf"))
    return torch.where(mask, scores, neg_inf)

