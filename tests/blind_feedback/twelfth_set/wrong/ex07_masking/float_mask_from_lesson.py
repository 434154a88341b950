"""MISTAKE: causal_mask copies the lesson's `torch.tril(torch.ones(n, n))`, which is a float32 0/1 tensor, not the torch.bool tensor the docstring asks for; the values look right but the dtype is wrong for every n.
FIX: Create the ones with dtype=torch.bool (or compare/convert to bool) before taking the lower triangle.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    # same as the lesson: lower triangle of ones (1 = may attend)
    mask = torch.tril(torch.ones(n, n, device=device))
    return mask


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
