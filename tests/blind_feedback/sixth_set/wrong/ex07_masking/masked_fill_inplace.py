"""MISTAKE: apply_mask calls masked_fill_ on the caller's scores tensor, overwriting the input in place (and failing outright on a leaf that requires grad).
FIX: Use the out-of-place scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill_(mask == 0, float("-inf"))
