"""MISTAKE: apply_mask multiplies the scores by the mask, which sets blocked scores to 0 instead of -inf.
FIX: Replace blocked scores by -inf with masked_fill or torch.where.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores * mask
