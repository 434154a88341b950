"""MISTAKE: apply_mask fills blocked scores with -1e9 as in the Annotated Transformer, so blocked entries are a large finite number instead of exactly -inf (and float16 scores overflow with an error).
FIX: Fill blocked positions with float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, -1e9)
