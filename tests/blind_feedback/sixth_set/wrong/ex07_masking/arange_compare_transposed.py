"""MISTAKE: causal_mask compares the column index vector against the row index vector with the broadcast axes swapped (i <= j instead of j <= i), producing the upper triangle so every token attends to the future instead of the past.
FIX: Compare arange(n)[None, :] <= arange(n)[:, None] so that entry [i, j] is j <= i.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    rows = idx.unsqueeze(1)
    cols = idx.unsqueeze(0)
    return rows <= cols


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
