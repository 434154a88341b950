"""MISTAKE: apply_mask calls scores.masked_fill_ (with the trailing underscore), which writes -inf into the caller's scores tensor in place; the returned values are right but the input is destroyed.
FIX: Use the out-of-place scores.masked_fill(mask == 0, float("-inf")), which returns a new tensor.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    blocked = mask == 0
    return scores.masked_fill_(blocked, float("-inf"))
