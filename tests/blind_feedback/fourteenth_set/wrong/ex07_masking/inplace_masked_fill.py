"""MISTAKE: apply_mask uses masked_fill_ (in place), so the returned values are right but the caller's scores tensor is overwritten with -inf at the blocked positions (and autograd errors on leaf tensors that require grad).
FIX: Use the out-of-place masked_fill, which returns a new tensor and leaves scores untouched.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill_(mask == 0, float("-inf"))
