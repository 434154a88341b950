"""MISTAKE: causal_mask uses torch.triu instead of torch.tril, so it marks the diagonal and the future as allowed and blocks the past, the opposite of a causal mask.
FIX: Use torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)) so True lies on and below the diagonal.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))

