"""MISTAKE: causal_mask compares the indices the wrong way round (cols >= rows), giving the upper triangle.
FIX: Use rows >= cols, i.e. mask[i, j] = j <= i.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    rows = idx[:, None]
    cols = idx[None, :]
    return cols >= rows


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
