"""MISTAKE: causal_mask passes diagonal=-1 to torch.tril, which also blocks the diagonal, so a token may not attend to itself and the first row is all False (after masking, its softmax is NaN).
FIX: Keep the diagonal: torch.tril with the default diagonal=0 (mask[i, j] = j <= i).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    # strictly the past: j < i
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=-1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
