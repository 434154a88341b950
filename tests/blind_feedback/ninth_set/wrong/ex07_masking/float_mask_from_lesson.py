"""MISTAKE: causal_mask copies the lesson's torch.tril(torch.ones(n, n)), which is a float32 tensor of 1.0/0.0, not torch.bool; the pattern is right but the returned dtype breaks the contract (and anything that uses it with ~ or as a bool index).
FIX: Create the ones as bool: torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
