"""apply_mask inserts a head dimension with mask.unsqueeze(1), as for a [B, 1, n_q, n_k] library mask, which breaks broadcasting to scores.

Caught by: blind set 3.

Cause: mask_unsqueeze_1
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    mask = mask.unsqueeze(1)
    return scores.masked_fill(mask == 0, float("-inf"))
