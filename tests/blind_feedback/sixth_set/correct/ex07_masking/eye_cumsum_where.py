"""CORRECT: builds the lower triangle as a running sum of identity rows (eye.cumsum) and blocks scores with torch.where against a -inf scalar of the scores' own dtype and device.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    eye = torch.eye(n, dtype=torch.int32, device=device)
    return eye.cumsum(dim=0) > 0


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    neg_inf = torch.full((), float("-inf"), dtype=scores.dtype, device=scores.device)
    allowed = mask != 0
    return torch.where(allowed, scores, neg_inf).expand_as(scores).clone()
