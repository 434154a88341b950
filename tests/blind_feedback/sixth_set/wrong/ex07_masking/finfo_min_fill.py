"""MISTAKE: apply_mask fills blocked scores with torch.finfo(dtype).min as HuggingFace models do, a huge finite number instead of exactly -inf, so blocked entries are not -inf (and a fully blocked row gets uniform weights instead of none).
FIX: Fill with float("-inf").
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, torch.finfo(scores.dtype).min)
