"""MISTAKE: Follows the torch.nn.MultiheadAttention / nn.Transformer convention, where True in a bool mask means "blocked", and fills -inf where the mask is True (nonzero): exactly the allowed positions get -inf and the blocked ones keep their scores.
FIX: In this kit True / 1 means "may attend": fill -inf where mask == 0.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask != 0, float("-inf"))
