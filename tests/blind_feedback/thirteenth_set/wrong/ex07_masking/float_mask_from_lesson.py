"""MISTAKE: causal_mask returns torch.tril(torch.ones(n, n)) as in the lesson's snippet, a float32 0/1 tensor instead of torch.bool, so the mask has the wrong dtype (the pattern is right).
FIX: Create the ones with dtype=torch.bool (or compare), so the [n, n] mask is a bool tensor.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
