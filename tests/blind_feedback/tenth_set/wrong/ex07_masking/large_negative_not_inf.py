"""MISTAKE: apply_mask fills blocked scores with -1e9 (the Annotated Transformer habit) instead of exactly -inf, so blocked entries are finite, and for float16 scores -1e9 does not even fit and masked_fill raises.
FIX: Fill with float("-inf").
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, -1e9)
