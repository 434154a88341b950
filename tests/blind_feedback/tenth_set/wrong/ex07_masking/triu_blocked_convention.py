"""MISTAKE: causal_mask builds the mask the nn.Transformer / nanoGPT way, triu(diagonal=1), which is True on the positions to BLOCK; with this kit's True = may attend convention the mask is exactly inverted, so every position sees only the future and not itself.
FIX: Return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)), True on and below the diagonal.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    # future positions are the ones to hide
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
