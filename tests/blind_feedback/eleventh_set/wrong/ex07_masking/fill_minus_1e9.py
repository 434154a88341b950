"""MISTAKE: apply_mask fills blocked scores with -1e9 (as in the Annotated Transformer) instead of exactly -inf, so blocked entries hold a finite number instead of -inf (and float16 scores raise, since -1e9 does not fit in a half).
FIX: Fill with float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, -1e9)
