"""MISTAKE: apply_mask calls the in-place masked_fill_ on the caller's scores and returns that same tensor, so the input is overwritten with -inf (and a scores leaf that requires grad makes it raise).
FIX: Use the out-of-place scores.masked_fill(mask == 0, float("-inf")), which returns a new tensor.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill_(mask == 0, float("-inf"))
