"""MISTAKE: Copies the lesson's torch.tril(torch.ones(n, n)), which is a float32 0/1 matrix; the pattern is right but the mask is not the required torch.bool tensor.
FIX: Create it as bool, e.g. torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
