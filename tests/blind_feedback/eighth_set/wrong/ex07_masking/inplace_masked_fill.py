"""MISTAKE: apply_mask uses the in-place masked_fill_, so it overwrites the caller's scores tensor with -inf (and fails on leaf tensors that require grad) instead of returning a new tensor.
FIX: Use the out-of-place scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill_(mask == 0, float("-inf"))
